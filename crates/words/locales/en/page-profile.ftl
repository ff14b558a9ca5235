# A player's public profile (profile.html); its statistics tables say
# the statistics page's words (stats-col-…).

profile-title = Player · patience
profile-heading = Player
profile-yours =
    <a href="/account">Your account's settings</a>: the password, signing out on every
    device, deleting the account.
profile-daily = Daily deals
profile-ratings = Ratings
profile-rating = Rating
profile-rated-duels = Rated duels
profile-ratings-chart = Ratings over time
profile-duels = Duels
profile-closed = Closed
profile-place = Place
profile-finished-games = Finished games
