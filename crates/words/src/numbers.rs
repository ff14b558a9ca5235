//! Numbers as each language writes them: 10,554 and 76.3 in English,
//! 10.554 and 76,3 in German. Fluent's own formatting groups no digits.

use fluent_bundle::memoizer::MemoizerKind;
use fluent_bundle::types::FluentNumber;
use fluent_bundle::FluentValue;
use intl_memoizer::concurrent::IntlLangMemoizer;
use intl_memoizer::Memoizable;
use unic_langid::LanguageIdentifier;

/// A language's separators, from the Unicode locale data.
struct Separators {
    thousands: String,
    decimal: String,
    minus: String,
}

impl Memoizable for Separators {
    type Args = ();
    type Error = ();

    fn construct(lang: LanguageIdentifier, _: ()) -> Result<Separators, ()> {
        let locale = num_format::Locale::from_name(lang.language.as_str()).unwrap_or(num_format::Locale::en);
        Ok(Separators {
            thousands: locale.separator().to_string(),
            decimal: locale.decimal().to_string(),
            minus: locale.minus_sign().to_string(),
        })
    }
}

impl Separators {
    fn write(&self, n: &FluentNumber) -> String {
        let options = &n.options;
        let plain = match (options.minimum_fraction_digits, options.maximum_fraction_digits) {
            (_, Some(max)) => {
                let fixed = format!("{:.*}", max, n.value.abs());
                let min = options.minimum_fraction_digits.unwrap_or(0);
                trim_fraction(fixed, min)
            }
            (Some(min), None) => {
                let text = n.value.abs().to_string();
                let have = text.split_once('.').map_or(0, |(_, f)| f.len());
                if have >= min {
                    text
                } else {
                    format!("{:.*}", min, n.value.abs())
                }
            }
            (None, None) => n.value.abs().to_string(),
        };
        let (whole, fraction) = match plain.split_once('.') {
            Some((w, f)) => (w.to_string(), Some(f.to_string())),
            None => (plain, None),
        };
        let mut out = String::new();
        if n.value < 0.0 {
            out.push_str(&self.minus);
        }
        for (i, digit) in whole.chars().enumerate() {
            if options.use_grouping && i > 0 && (whole.len() - i).is_multiple_of(3) {
                out.push_str(&self.thousands);
            }
            out.push(digit);
        }
        if let Some(fraction) = fraction {
            out.push_str(&self.decimal);
            out.push_str(&fraction);
        }
        out
    }
}

/// `fixed` without the trailing zeros of its fraction beyond `min` digits.
fn trim_fraction(fixed: String, min: usize) -> String {
    let Some((whole, fraction)) = fixed.split_once('.') else { return fixed };
    let mut fraction = fraction.trim_end_matches('0').to_string();
    while fraction.len() < min {
        fraction.push('0');
    }
    if fraction.is_empty() {
        whole.to_string()
    } else {
        format!("{whole}.{fraction}")
    }
}

/// The bundles' formatter: numbers in the bundle's language, every other
/// value as Fluent writes it.
pub(crate) fn format(value: &FluentValue, intls: &IntlLangMemoizer) -> Option<String> {
    let FluentValue::Number(n) = value else { return None };
    intls.with_try_get_threadsafe::<Separators, _, _>((), |s| s.write(n)).ok()
}
