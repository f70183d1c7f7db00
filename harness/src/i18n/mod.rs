//! Words for a person in their language: the translation catalogs (`harness/locales/*.ftl`,
//! one file per language, Project Fluent's syntax) and what formats their messages.
//!
//! The server side (the replay page, the review's reasons, the play page's refusals) reads
//! them with `fluent-bundle`, Fluent's own Rust implementation, so plurals, selectors and
//! numbers follow the catalog rather than code; the page reads the same files with
//! `@fluent/bundle` ([`page`]). A [`Message`] is a catalog key with its arguments: text
//! built where the facts are (a log's parser, the review's judge) and said in any language
//! later, on the server ([`format`]) or in the page (its JSON, `{"id", "args"}`). Its
//! `Display` is English, for the command line and the logs, which stay English.

pub mod page;

use std::fmt;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

include!(concat!(env!("OUT_DIR"), "/catalogs.rs"));

/// The language every message falls back to, and the command line's.
pub const ENGLISH: &str = "en";

/// One argument of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Text(String),
    /// A number, formatted by the catalog (`NUMBER($x, maximumFractionDigits: 1)`).
    Number(f64),
    /// Another message, said in the same language first.
    Message(Box<Message>),
}

/// A catalog key and its arguments: what to say, in no language yet.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    pub fn new(id: &'static str) -> Message {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// With the text argument `name`.
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Message {
        self.args.push((name, Arg::Text(value.into())));
        self
    }

    /// With the number argument `name`.
    pub fn number(mut self, name: &'static str, value: impl Into<f64>) -> Message {
        self.args.push((name, Arg::Number(value.into())));
        self
    }

    /// With the argument `name` another message.
    pub fn message(mut self, name: &'static str, value: Message) -> Message {
        self.args.push((name, Arg::Message(Box::new(value))));
        self
    }

    /// The message in the language `lang` (a tag of [`CATALOGS`]; English if unknown).
    pub fn in_lang(&self, lang: &str) -> String {
        format(lang, self)
    }
}

/// English, as the command line and the logs say it.
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format(ENGLISH, self))
    }
}

/// As the page reads it: `{"id": KEY, "args": {NAME: text, number or message}}`.
impl serde::Serialize for Message {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct Args<'a>(&'a [(&'static str, Arg)]);
        impl serde::Serialize for Args<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(self.0.len()))?;
                for (name, arg) in self.0 {
                    match arg {
                        Arg::Text(t) => map.serialize_entry(name, t)?,
                        Arg::Number(n) => map.serialize_entry(name, n)?,
                        Arg::Message(m) => map.serialize_entry(name, m)?,
                    }
                }
                map.end()
            }
        }
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("id", self.id)?;
        map.serialize_entry("args", &Args(&self.args))?;
        map.end()
    }
}

/// A catalog read: its tag and its bundle.
struct Catalog {
    tag: &'static str,
    bundle: FluentBundle<FluentResource>,
}

/// Every catalog, read once. A catalog's lines that do not parse are left out (the test
/// `every_catalog_parses_and_has_every_key` keeps there being none); the rest is used.
static LOADED: LazyLock<Vec<Catalog>> = LazyLock::new(|| {
    CATALOGS
        .iter()
        .map(|&(tag, text)| {
            let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
            let langid = tag.parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![langid]);
            // No invisible isolation marks around arguments: the text is copied and
            // compared as it reads.
            bundle.set_use_isolating(false);
            bundle.set_formatter(Some(format_value));
            // NUMBER(), as the page's @fluent/bundle has it.
            let _ = bundle.add_builtins();
            let _ = bundle.add_resource(resource);
            Catalog { tag, bundle }
        })
        .collect()
});

/// The tags of every catalog, sorted.
pub fn languages() -> impl Iterator<Item = &'static str> {
    CATALOGS.iter().map(|(tag, _)| *tag)
}

/// The catalog language for a browser's `Accept-Language` (or one tag, `ko-KR`): the
/// first named whose primary subtag has a catalog, else English.
pub fn negotiate(accept: &str) -> &'static str {
    accept
        .split(',')
        .map(|part| part.split(';').next().unwrap_or("").trim())
        .filter_map(|tag| {
            let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
            languages().find(|l| *l == primary)
        })
        .next()
        .unwrap_or(ENGLISH)
}

/// A message without arguments in `lang`.
pub fn tr(lang: &str, id: &'static str) -> String {
    format(lang, &Message::new(id))
}

/// `message` in `lang`: its catalog's, else English's, else its key.
pub fn format(lang: &str, message: &Message) -> String {
    let catalogs = &*LOADED;
    let pick = |tag: &str| {
        catalogs
            .iter()
            .find(|c| c.tag == tag && c.bundle.has_message(message.id))
    };
    let Some(catalog) = pick(lang).or_else(|| pick(ENGLISH)) else {
        return message.id.to_string();
    };
    let Some(pattern) = catalog
        .bundle
        .get_message(message.id)
        .and_then(|m| m.value())
    else {
        return message.id.to_string();
    };
    let mut args = FluentArgs::new();
    for (name, arg) in &message.args {
        let value = match arg {
            Arg::Text(t) => FluentValue::from(t.clone()),
            Arg::Number(n) => FluentValue::from(*n),
            Arg::Message(m) => FluentValue::from(format(catalog.tag, m)),
        };
        args.set(*name, value);
    }
    let mut errors = Vec::new();
    // A catalog wraps a long message over lines for its reader; a person's text has no
    // hard line breaks.
    catalog
        .bundle
        .format_pattern(pattern, Some(&args), &mut errors)
        .replace('\n', " ")
}

/// Numbers as a person reads them in English and in Korean alike (Intl.NumberFormat's
/// default there, which the page uses): thousands grouped with commas, at most
/// `maximumFractionDigits` decimals (3 unless said), at least `minimumFractionDigits`,
/// and nothing that rounds to zero signed.
fn format_value<M>(value: &FluentValue, _: &M) -> Option<String> {
    let FluentValue::Number(FluentNumber { value, options }) = value else {
        return None;
    };
    let max = options.maximum_fraction_digits.unwrap_or(3);
    let min = options.minimum_fraction_digits.unwrap_or(0).min(max);
    let text = crate::words::fixed(*value, max);
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.as_str()),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let mut fraction = fraction.trim_end_matches('0').to_string();
    while fraction.len() < min {
        fraction.push('0');
    }
    let mut grouped = String::new();
    for (i, ch) in whole.chars().enumerate() {
        if options.use_grouping && i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    Some(if fraction.is_empty() {
        format!("{sign}{grouped}")
    } else {
        format!("{sign}{grouped}.{fraction}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys a catalog defines (messages and terms), in order.
    fn keys(text: &str) -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic() || c == '-'))
            .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim().to_string()))
            .collect()
    }

    #[test]
    fn every_catalog_parses_and_has_every_key() {
        assert!(CATALOGS.len() >= 2, "{:?}", languages().collect::<Vec<_>>());
        let english = CATALOGS.iter().find(|(t, _)| *t == ENGLISH).unwrap().1;
        let english_keys = keys(english);
        assert!(english_keys.len() > 100, "{}", english_keys.len());
        for &(tag, text) in CATALOGS {
            if let Err((_, errors)) = FluentResource::try_new(text.to_string()) {
                panic!("{tag}.ftl does not parse: {errors:?}");
            }
            let these = keys(text);
            let missing: Vec<_> = english_keys.iter().filter(|k| !these.contains(k)).collect();
            let extra: Vec<_> = these.iter().filter(|k| !english_keys.contains(k)).collect();
            assert!(missing.is_empty(), "{tag}.ftl lacks {missing:?}");
            assert!(
                extra.is_empty(),
                "{tag}.ftl has keys English lacks: {extra:?}"
            );
            let mut sorted = these.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), these.len(), "{tag}.ftl defines a key twice");
        }
    }

    #[test]
    fn messages_are_said_in_each_language_with_numbers_grouped() {
        let m = Message::new("err-amount").number("max", 100_000.0);
        assert_eq!(
            m.to_string(),
            "the amount is a whole number from 0 to 100,000"
        );
        assert_eq!(
            m.in_lang("ko"),
            "입찰 점수는 0 이상 100,000 이하의 정수입니다"
        );
        // An unknown language is English; an unknown key is itself.
        assert_eq!(m.in_lang("xx"), m.to_string());
        assert_eq!(tr("ko", "no-such-key"), "no-such-key");
        let why = Message::new("why-put-best").number("win", 41.26);
        assert_eq!(why.to_string(), "the best scoring: 41.3% to win after it");
        let nested = Message::new("log-refused").message("reason", Message::new("log-no-round"));
        assert!(
            nested.in_lang("ko").contains("ROUND 줄이 없습니다"),
            "{}",
            nested.in_lang("ko")
        );
    }

    #[test]
    fn a_browser_s_languages_choose_a_catalog() {
        assert_eq!(negotiate("ko-KR,ko;q=0.9,en-US;q=0.8"), "ko");
        assert_eq!(negotiate("fr-FR, en;q=0.5"), "en");
        assert_eq!(negotiate("fr"), ENGLISH);
        assert_eq!(negotiate(""), ENGLISH);
        assert_eq!(negotiate("KO"), "ko");
    }

    #[test]
    fn numbers_round_group_and_never_read_minus_zero() {
        let n = |x: f64, min: Option<usize>, max: Option<usize>| {
            let options = fluent_bundle::types::FluentNumberOptions {
                minimum_fraction_digits: min,
                maximum_fraction_digits: max,
                ..Default::default()
            };
            format_value::<()>(&FluentValue::Number(FluentNumber::new(x, options)), &()).unwrap()
        };
        assert_eq!(n(1234567.0, None, None), "1,234,567");
        assert_eq!(n(-1234.6, None, Some(0)), "-1,235");
        assert_eq!(n(-0.001, Some(2), Some(2)), "0.00");
        assert_eq!(n(0.5, None, None), "0.5");
        assert_eq!(n(12.0, Some(1), Some(1)), "12.0");
        assert_eq!(n(999.9996, None, None), "1,000");
    }

    #[test]
    fn a_message_reaches_the_page_as_its_key_and_arguments() {
        let m = Message::new("log-refused")
            .message("reason", Message::new("log-cut-short").number("round", 7.0));
        let json = serde_json::to_value(&m).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"id": "log-refused", "args": {"reason":
                {"id": "log-cut-short", "args": {"round": 7.0}}}})
        );
    }
}
