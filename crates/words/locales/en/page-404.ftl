# The page of an address where nothing is (404.html).

not-found-title = Not found · patience
not-found-heading = Not found
not-found-words = There is nothing at this address. <a href="/">Start a game</a> instead.
