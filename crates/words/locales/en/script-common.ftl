# The words of common.js: what every page's scripts share.
