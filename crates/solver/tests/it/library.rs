//! The library's grades and its file format: a deal looked at and written
//! as a line reads back the same; a line whose solution does not win its
//! deal, or that is malformed, is refused with its reason.

use patience_core::presets;
use patience_solver::library::{look_at, parse_library, Grade, Grading, LibraryDeal};
use patience_solver::Verdict;

#[test]
fn a_deal_won_in_at_least_seven_of_ten_games_is_easy_three_medium_fewer_hard() {
    assert_eq!(Grade::of(10, 10), Grade::Easy);
    assert_eq!(Grade::of(7, 10), Grade::Easy);
    assert_eq!(Grade::of(6, 10), Grade::Medium);
    assert_eq!(Grade::of(3, 10), Grade::Medium);
    assert_eq!(Grade::of(2, 10), Grade::Hard);
    assert_eq!(Grade::of(0, 10), Grade::Hard);
    for grade in Grade::ALL {
        assert_eq!(grade.as_str().parse::<Grade>(), Ok(grade));
    }
}

/// Cheap enough for a test: a small player, three games.
fn grading() -> Grading {
    let mut grading = Grading { runs: 3, ..Grading::for_rules(presets::find("harmony").unwrap()) };
    grading.player.samples = 4;
    grading.player.most_samples = 4;
    grading.player.nodes = 2_000;
    grading
}

#[test]
fn a_deal_looked_at_reads_back_from_its_line() {
    let rules = presets::find("harmony").unwrap();
    let won = look_at(rules, 1, &grading());
    assert_eq!(won.verdict, Verdict::Won);
    assert_eq!(won.runs, 3);
    assert!(won.wins <= 3 && won.grade().is_some());
    assert_eq!(LibraryDeal::parse_line(&won.to_line()).unwrap(), won);

    let rules = presets::find("lasker").unwrap();
    let lost = look_at(rules, 1, &grading());
    assert_ne!(lost.verdict, Verdict::Won);
    assert_eq!((lost.runs, lost.grade()), (0, None));
    assert_eq!(parse_library(&format!("# a comment\n\n{}\n", lost.to_line())).unwrap(), vec![lost]);
}

#[test]
fn a_solution_that_does_not_win_its_deal_is_refused() {
    let rules = presets::find("harmony").unwrap();
    let won = look_at(rules, 1, &grading());
    // The same moves under another deal number.
    let moved = LibraryDeal { deal: 2, ..won.clone() };
    let error = LibraryDeal::parse_line(&moved.to_line()).unwrap_err();
    assert!(error.contains("deal 2"), "{error}");
    // Cut short.
    let short = LibraryDeal { solution: won.solution[..won.solution.len() - 1].to_vec(), ..won };
    let error = LibraryDeal::parse_line(&short.to_line()).unwrap_err();
    assert!(error.contains("does not win"), "{error}");
}

#[test]
fn malformed_lines_say_what_is_wrong_and_where() {
    for (text, words) in [
        ("nosuchgame\t1\tlost", "nosuchgame"),
        ("harmony\tx\tlost", "not a deal number"),
        ("harmony\t1\tmaybe", "not a verdict"),
        ("harmony\t1\tlost\textra", "nothing after its verdict"),
        ("harmony\t1\twon\t11/10\ts", "WINS/RUNS"),
        ("harmony\t1\twon\t1/10", "five fields"),
        ("harmony\t1\twon\t1/10\tzz", "`zz` in the solution"),
    ] {
        let error = parse_library(&format!("harmony\t5\tlost\n{text}\n")).unwrap_err();
        assert!(error.starts_with("line 2: ") && error.contains(words), "{text}: {error}");
    }
}
