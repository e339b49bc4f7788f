package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The module's public API is the committed {@code api/loadout-core.api}; see {@link ApiListing} to accept a change. */
class ApiListingTest {
  @Test
  void publicApiMatchesTheCommittedListing() {
    ApiListing.check("loadout-core");
  }

  @Test
  void theListingHoldsPublicTypesAndMembersOnly() {
    String listing = ApiListing.listing(Path.of("target", "classes"));
    assertThat(listing).containsPattern("(?m)^public final class dev\\.loadout\\.core\\.Loadout( |$)")
        .contains("  public dev.loadout.core.PreparedTurn dev.loadout.core.Loadout.prepare(dev.loadout.core.TurnContext)")
        // package-private types, internal packages and private members stay out
        .doesNotContain("dev.loadout.core.ToolCallParser")
        .doesNotContain("private ");
    assertThat(listing.lines().filter(line -> !line.startsWith(" ")))
        .noneMatch(type -> type.matches(".*(class|interface|enum|@interface) dev\\.loadout\\.core\\.internal\\..*"));
  }
}
