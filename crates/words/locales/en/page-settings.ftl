# The settings page (settings.html); the settings themselves are settings.js's.

settings-title = Settings · patience
settings-heading = Settings
settings-words = Kept in this browser and used on every page. Each change shows at once.
settings-form = Settings
