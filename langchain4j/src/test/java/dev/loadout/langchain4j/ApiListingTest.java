package dev.loadout.langchain4j;

import dev.loadout.core.ApiListing;
import org.junit.jupiter.api.Test;

/** The module's public API is the committed {@code api/loadout-langchain4j.api}; see {@link ApiListing} to accept a change. */
class ApiListingTest {
  @Test
  void publicApiMatchesTheCommittedListing() {
    ApiListing.check("loadout-langchain4j");
  }
}
