// @ts-check
// The player's settings (settings.js keeps them), applied to the page as
// it loads: a plain script in every page's head, so that a dark table or
// another card back shows from the first paint. Each setting becomes a
// data attribute of <html>, which style.css reads.
(function () {
  try {
    const saved = JSON.parse(localStorage.getItem("patience-settings") || "{}");
    for (const [key, value] of Object.entries(saved)) document.documentElement.dataset[key] = String(value);
  } catch (_) {
    // Storage off or the value spoilt: the defaults stand.
  }
})();
