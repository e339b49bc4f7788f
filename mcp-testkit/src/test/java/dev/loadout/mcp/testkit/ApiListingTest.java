package dev.loadout.mcp.testkit;

import dev.loadout.core.ApiListing;
import org.junit.jupiter.api.Test;

/** The module's public API is the committed {@code api/loadout-mcp-testkit.api}; see {@link ApiListing} to accept a change. */
class ApiListingTest {
  @Test
  void publicApiMatchesTheCommittedListing() {
    ApiListing.check("loadout-mcp-testkit");
  }
}
