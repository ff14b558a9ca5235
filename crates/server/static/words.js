// @ts-check
// Every sentence a script shows, from the catalogue of the page's
// language: /words/LANG.ftl, the same Fluent files the server speaks from,
// said by Mozilla's Fluent runtime (fluent-bundle.js, which every page's
// head loads as npm publishes it). A module that imports this one waits
// until the catalogue is read.

/** The page's language, as the server made the page: `en`, `de`. */
export const lang = document.documentElement.lang || "en";

/** @type {any} */
const Fluent = /** @type {any} */ (globalThis).FluentBundle;
const source = await fetch(`/words/${lang}.ftl`).then((r) => (r.ok ? r.text() : ""));
const bundle = new Fluent.FluentBundle(lang, { useIsolating: false });
const errors = bundle.addResource(new Fluent.FluentResource(source));
if (errors.length) console.error(`the ${lang} catalogue does not read:`, errors);

/**
 * The message `id` (or `id.attribute`) in the page's language, with its
 * arguments: numbers are written as the language writes them (10,554 or
 * 10.554) and choose plural forms.
 * @param {string} id
 * @param {Record<string, string | number>} [args]
 * @returns {string}
 */
export function t(id, args) {
  const [name, attribute] = id.split(".");
  const message = bundle.getMessage(name);
  const pattern = message && (attribute ? message.attributes[attribute] : message.value);
  if (!pattern) {
    console.error(`the ${lang} catalogue has no message ${id}`);
    return id;
  }
  /** @type {Error[]} */
  const problems = [];
  const text = bundle.formatPattern(pattern, args, problems);
  if (problems.length) console.error(`${id}:`, problems);
  return text;
}

/**
 * A number as the page's language writes it: 10,554 or 10.554.
 * @param {number} n
 * @param {Intl.NumberFormatOptions} [options]
 */
export function number(n, options) {
  return new Intl.NumberFormat(lang, options).format(n);
}
