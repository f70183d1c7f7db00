//! The catalogs on a page: one script that reads them with `@fluent/bundle` (Fluent's own
//! JavaScript implementation, vendored as `page/fluent-bundle.js`: its `index.js` of
//! version 0.19.1, Apache-2.0, unchanged but for one comment's web address written as a
//! title, so that the review's own page names no address), the catalogs' text, and
//! `page/i18n.js`
//! (`YachtI18n`: the language chosen, `t(key, args)`, the switch). The play page serves it
//! as `/i18n.js`; the review's own page (`harness replay LOG --review --html`) carries it
//! inline, so that it opens from the disk in either language.

use std::sync::LazyLock;

use crate::html::script_json;

const FLUENT_JS: &str = include_str!("page/fluent-bundle.js");
const I18N_JS: &str = include_str!("page/i18n.js");

/// The script: `FluentBundle`, then `YACHT_CATALOGS` (tag → the catalog's text), then
/// `YachtI18n`. Safe inside a `<script>` element.
pub static I18N_SCRIPT: LazyLock<String> = LazyLock::new(|| {
    let catalogs: serde_json::Map<String, serde_json::Value> = super::CATALOGS
        .iter()
        .map(|(tag, text)| (tag.to_string(), serde_json::Value::from(*text)))
        .collect();
    let json = serde_json::to_string(&catalogs).unwrap_or_else(|_| "{}".to_string());
    format!(
        "{FLUENT_JS}\nconst YACHT_CATALOGS = {};\n{I18N_JS}",
        script_json(&json)
    )
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_carries_every_catalog_and_never_ends_its_element() {
        let script = I18N_SCRIPT.as_str();
        assert!(!script.to_ascii_lowercase().contains("</script"));
        assert!(script.contains("FluentBundle") && script.contains("const YachtI18n"));
        for tag in super::super::languages() {
            assert!(script.contains(&format!("\"{tag}\":")), "{tag}");
        }
    }
}
