# Requests the server cannot read or does not take: their bodies, paths,
# cookies, and what a game's API asks for.

## Request bodies. $line, $column: where serde found the fault; $why:
## serde's own words.

body-not-json = the body must be JSON with Content-Type: application/json (got `{ $mime }`)
body-not-json-none = the body must be JSON with Content-Type: application/json (got none)
body-too-large = the body is larger than the { $limit }-byte limit
body-late = the body did not arrive within { $secs } s
body-unreadable = cannot read the body: { $why }
json-missing-field = malformed JSON: missing field `{ $field }` at line { $line } column { $column }
# $expected: serde's words for the fields there are.
json-unknown-field = malformed JSON: unknown field `{ $field }`, { $expected } at line { $line } column { $column }
json-unknown-variant = malformed JSON: unknown variant `{ $value }`, { $expected } at line { $line } column { $column }
json-invalid = malformed JSON: { $why } at line { $line } column { $column }
json-eof = malformed JSON: { $why } at line { $line } column { $column }
json-syntax = malformed JSON: { $why } at line { $line } column { $column }

## Paths, routes, cookies, other sites.

path-refused = no such resource: { $why }
path-unreadable = no such resource: { $why }
route-unknown = no such API route `{ $path }`
method-not-allowed = `{ $method }` is not allowed on `{ $path }`
# Any other refusal of a request the server did not word: $text, the words it came with.
request-refused = { $text }
cookie-twice = the request carries the { $name } cookie twice; clear this site's cookies and try again
cross-site = requests from other sites may not change anything here

## A game's API: what to do, and which deal.

deal-out-of-range = deal { $deal } is not one this site deals: deal numbers run from 1 to { $max }
grade-with-deal = a grade picks its own deal: leave the deal number out, or the grade
action-move-needs-move = action `move` needs a `move` in notation
action-both = give either a `move` or the action `{ $action }`, not both
action-line = a winning line is asked for with POST /api/games/{"{"}id{"}"}/line, which answers with it
action-unknown = unknown action `{ $action }`: use move, undo, redo, restart, quit, auto-on or auto-off
action-none = say what to do: a `move` in notation, or an `action` (undo, redo, restart, quit, auto-on, auto-off)
