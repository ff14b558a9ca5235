//! Accounts in the browser, as a player uses them: sign up in one browser
//! after playing, sign in from a second one and continue the same game;
//! add a browser's own games at sign-in; a wrong password in words; the
//! public profile; sign out everywhere ends the other browser's session; a
//! deleted account's profile is gone and its name free again. Each test claims names of its own (the browser
//! tests share one server).

use crate::web;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use web::*;

const PASSWORD: &str = "a long enough password";

/// A name no other test uses: `stem` and a few random digits.
fn fresh_name(stem: &str) -> String {
    let token = patience_server::ids::DuelId::random();
    format!("{stem}-{}", &token.as_str()[..6])
}

async fn fill(c: &Client, id: &str, text: &str) {
    let field = c.find(Locator::Id(id)).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(text).await.unwrap();
}

async fn click(c: &Client, id: &str) {
    c.find(Locator::Id(id)).await.unwrap().click().await.unwrap();
}

/// Opens `/account` and waits for it to say whether the browser is signed in.
async fn open_account(page: &Page) {
    page.c.goto(&format!("{}/account", page.base)).await.unwrap();
    wait_until(
        &page.c,
        "the account page",
        "!document.getElementById('signed-out').hidden || !document.getElementById('signed-in').hidden",
    )
    .await;
}

async fn sign_up(page: &Page, name: &str) {
    open_account(page).await;
    fill(&page.c, "sign-up-name", name).await;
    fill(&page.c, "sign-up-password", PASSWORD).await;
    click(&page.c, "sign-up").await;
    wait_until(&page.c, "signed in", "!document.getElementById('signed-in').hidden").await;
    assert_eq!(text(&page.c, "#account-name").await, name);
}

async fn sign_in(page: &Page, name: &str, password: &str) {
    fill(&page.c, "sign-in-name", name).await;
    fill(&page.c, "sign-in-password", password).await;
    click(&page.c, "sign-in").await;
}

/// The navigation's account link, once the page has asked who it is.
async fn nav_account(page: &Page, want: &str) {
    let test = format!("document.getElementById('nav-account').textContent === {want:?}");
    wait_until(&page.c, &format!("the navigation names {want}"), &test).await;
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn an_account_follows_the_player_to_a_second_browser_and_its_game_continues_there() {
    in_two_browsers(|phone, laptop| async move {
        let name = fresh_name("Ann");
        // On the phone: a game with a move, then an account.
        let id = start_from_home(&phone, "harp", 3).await;
        click_stock(&phone.c).await;
        wait_for_action(&phone.c, &id, 1).await;
        sign_up(&phone, &name).await;
        nav_account(&phone, &name).await;
        screenshots(&phone, "account-signed-in").await;
        // The navigation's name leads to the public profile, which shows
        // no game in progress, and offers its settings.
        click(&phone.c, "nav-account").await;
        wait_for_path(&phone.c, "/@/").await;
        let shown = format!("document.getElementById('profile-name').textContent === {name:?}");
        wait_until(&phone.c, "the profile", &shown).await;
        wait_until(
            &phone.c,
            "the chart",
            "document.querySelector('#chart p.muted')?.textContent === 'No finished games yet.'",
        )
        .await;
        assert!(phone.c.find(Locator::Css("#profile-yours:not([hidden]) a[href='/account']")).await.is_ok());
        // No rated duel: the ratings table says so, once (no empty chart beside it).
        wait_until(&phone.c, "the ratings", "document.querySelector('#ratings-table tbody td') !== null").await;
        let said = "return document.querySelector('main').innerText.split('No rated duels yet.').length - 1";
        assert_eq!(phone.c.execute(said, vec![]).await.unwrap(), json!(1));
        screenshots(&phone, "profile").await;
        // The daily deals' boards show the account's name: so does their name field, fixed.
        phone.c.goto(&format!("{}/daily", phone.base)).await.unwrap();
        let fixed = format!("document.getElementById('daily-name').value === {name:?}");
        wait_until(&phone.c, "the account's name for the boards", &fixed).await;
        let read_only = phone.c.execute("return document.getElementById('daily-name').readOnly", vec![]).await;
        assert_eq!(read_only.unwrap(), json!(true));

        // On the laptop: sign in, find the game under Continue, play on.
        open_account(&laptop).await;
        screenshots(&laptop, "account-sign-in").await;
        assert!(laptop.c.find(Locator::Css("#add-games-row[hidden]")).await.is_ok(), "no games here to add");
        sign_in(&laptop, &name, PASSWORD).await;
        wait_until(&laptop.c, "signed in", "!document.getElementById('signed-in').hidden").await;
        laptop.c.goto(&format!("{}/", laptop.base)).await.unwrap();
        let link =
            laptop.c.wait().for_element(Locator::Css("#continue-section:not([hidden]) #continue a")).await.unwrap();
        assert_eq!(link.attr("href").await.unwrap().as_deref(), Some(format!("/game/{id}").as_str()));
        link.click().await.unwrap();
        wait_for_game_page(&laptop.c).await;
        click_stock(&laptop.c).await;
        let view = wait_for_action(&laptop.c, &id, 2).await;
        // The phone sees the laptop's move.
        phone.c.goto(&format!("{}/game/{id}", phone.base)).await.unwrap();
        wait_settled(&phone.c).await;
        wait_shown(&phone.c, &view).await;
        (phone, laptop)
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn a_sign_in_adds_this_browsers_games_when_the_box_is_ticked() {
    in_two_browsers(|ann, tablet| async move {
        let name = fresh_name("Bea");
        sign_up(&ann, &name).await;
        let id = start_from_home(&tablet, "lasker", 2).await;
        wait_settled(&tablet.c).await;
        open_account(&tablet).await;
        assert_eq!(text(&tablet.c, "#add-games-words").await, "Add the 1 game started on this device to the account");
        // A wrong password first: said in words, nothing changes.
        sign_in(&tablet, &name, "not the password").await;
        wait_until(&tablet.c, "the refusal", "document.getElementById('sign-in-error').textContent !== ''").await;
        assert_eq!(text(&tablet.c, "#sign-in-error").await, "that name and password do not match an account");
        sign_in(&tablet, &name, PASSWORD).await;
        wait_until(&tablet.c, "signed in", "!document.getElementById('signed-in').hidden").await;
        assert_eq!(text(&tablet.c, "#account-said").await, format!("Signed in as {name}. 1 game was added."));
        let games = fetch(&ann.c, "GET", "/api/games", serde_json::Value::Null).await;
        assert!(games["games"].as_array().unwrap().iter().any(|g| g["id"] == id.as_str()), "{games}");
        (ann, tablet)
    });
}

#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn signing_out_everywhere_ends_the_other_browsers_session_and_a_deleted_name_is_free() {
    in_two_browsers(|phone, laptop| async move {
        let name = fresh_name("Cy");
        sign_up(&phone, &name).await;
        open_account(&laptop).await;
        sign_in(&laptop, &name, PASSWORD).await;
        wait_until(&laptop.c, "signed in", "!document.getElementById('signed-in').hidden").await;

        click(&phone.c, "sign-out-everywhere").await;
        wait_until(&phone.c, "signed out", "!document.getElementById('signed-out').hidden").await;
        // A reload shows the laptop signed out: at once on one server, and
        // within the 2 s another instance trusts a session it read.
        let started = std::time::Instant::now();
        loop {
            open_account(&laptop).await;
            if laptop.c.find(Locator::Css("#signed-out:not([hidden])")).await.is_ok() {
                break;
            }
            assert!(started.elapsed() < PATIENCE, "the laptop is still signed in");
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        }
        nav_account(&laptop, "Sign in").await;

        // Back in on the laptop, the account is deleted there.
        sign_in(&laptop, &name, PASSWORD).await;
        wait_until(&laptop.c, "signed in", "!document.getElementById('signed-in').hidden").await;
        fill(&laptop.c, "delete-password", PASSWORD).await;
        click(&laptop.c, "delete").await;
        answer_yes(&laptop.c, "Delete the account").await;
        wait_until(&laptop.c, "signed out", "!document.getElementById('signed-out').hidden").await;
        assert_eq!(text(&laptop.c, "#account-said").await, "The account is deleted.");
        // Its profile is gone, and the name is anyone's again.
        phone.c.goto(&format!("{}/@/{name}", phone.base)).await.unwrap();
        wait_until(&phone.c, "the 404 page", "document.title.startsWith('Not found')").await;
        sign_up(&phone, &name).await;
        (phone, laptop)
    });
}

/// Settings chosen in one browser follow the account to another: signed in
/// there, its pages wear them from then on.
#[test]
#[ignore = "needs Chromium: the full tier runs it"]
fn settings_follow_the_account_to_a_second_browser() {
    in_two_browsers(|phone, laptop| async move {
        let name = format!("set-{}", &patience_server::ids::DuelId::random().as_str()[..6]);
        sign_up(&phone, &name).await;
        phone.c.goto(&format!("{}/settings", phone.base)).await.unwrap();
        phone.c.wait().for_element(Locator::Css("#settings-form select")).await.unwrap();
        phone.c.find(Locator::Id("setting-table")).await.unwrap().select_by_value("dark").await.unwrap();
        phone.c.find(Locator::Id("setting-back")).await.unwrap().select_by_value("green").await.unwrap();
        let started = std::time::Instant::now();
        loop {
            let s = fetch(&phone.c, "GET", "/api/account/settings", Value::Null).await;
            if s["settings"]["table"] == "dark" && s["settings"]["back"] == "green" {
                break;
            }
            assert!(started.elapsed() < PATIENCE, "the account did not keep the settings: {s}");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        // The laptop, on its own defaults, signs in and takes them.
        open_account(&laptop).await;
        let before =
            laptop.c.execute("return document.documentElement.dataset.table || 'green'", vec![]).await.unwrap();
        assert_eq!(before, json!("green"));
        sign_in(&laptop, &name, PASSWORD).await;
        wait_until(&laptop.c, "signed in", "!document.getElementById('signed-in').hidden").await;
        laptop.c.goto(&format!("{}/", laptop.base)).await.unwrap();
        let worn = laptop
            .c
            .execute("return [document.documentElement.dataset.table, document.documentElement.dataset.back]", vec![])
            .await
            .unwrap();
        assert_eq!(worn, json!(["dark", "green"]), "the laptop's pages do not wear the account's settings");
        (phone, laptop)
    });
}
