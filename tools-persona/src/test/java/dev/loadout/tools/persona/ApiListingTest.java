package dev.loadout.tools.persona;

import dev.loadout.core.ApiListing;
import org.junit.jupiter.api.Test;

/** The module's public API is the committed {@code api/loadout-tools-persona.api}; see {@link ApiListing} to accept a change. */
class ApiListingTest {
  @Test
  void publicApiMatchesTheCommittedListing() {
    ApiListing.check("loadout-tools-persona");
  }
}
