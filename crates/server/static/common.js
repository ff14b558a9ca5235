// Shared helpers for every page: the API client and small DOM utilities.
"use strict";

/** Calls the JSON API. Resolves to {ok, status, data}; never throws. */
async function api(method, path, body) {
  const options = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(path, options);
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch (_) {
      data = { error: text };
    }
    return { ok: response.ok, status: response.status, data: data || {} };
  } catch (e) {
    return { ok: false, status: 0, data: { error: "The server cannot be reached. Check that it is running." } };
  }
}

/** Creates an element with attributes and children. */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const OUTCOME_TEXT = {
  playing: "in progress",
  won: "won",
  lost: "no more moves",
  stuck: "no more progress possible",
  quit: "given up",
  time_up: "time up",
};

/** A date in the reader's locale. */
function when(ms) {
  return new Date(ms).toLocaleString();
}

// Mark the current page in the navigation.
document.addEventListener("DOMContentLoaded", () => {
  const here = location.pathname;
  for (const a of document.querySelectorAll(".site-header nav a")) {
    if (a.getAttribute("href") === here) a.setAttribute("aria-current", "page");
  }
});
