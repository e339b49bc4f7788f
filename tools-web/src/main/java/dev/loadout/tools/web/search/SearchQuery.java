package dev.loadout.tools.web.search;

import dev.loadout.core.TurnContext;

/** One search as an engine receives it: already checked, trimmed and bounded. */
record SearchQuery(String text, SearchCategory category, int count, TurnContext context) {}
