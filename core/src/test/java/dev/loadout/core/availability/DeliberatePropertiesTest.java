package dev.loadout.core.availability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.TurnContext;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

class DeliberatePropertiesTest {
  private static final DeliberateToolMode MODE = DeliberateToolMode.builder()
      .triggers(IntentTriggers.builder().literal(IntentFamily.IMAGE, "sketch*").literal(IntentFamily.REMINDER, "リマインド")
          .regex(IntentFamily.MEMORY, "\\bnote\\s+this\\b").build())
      .build();
  private static Loadout plain;
  private static Loadout deliberate;

  @BeforeContainer
  static void start() {
    plain = Loadout.builder(DeliberateFixtures.registry()).groupOrder(List.of("moderation", "media")).build();
    deliberate = DeliberateFixtures.loadout(MODE);
  }

  @AfterContainer
  static void stop() {
    plain.close();
    deliberate.close();
  }

  @Provide
  Arbitrary<String> messages() {
    Arbitrary<String> words = Arbitraries.of("draw", "me", "a", "picture", "look", "up", "news", "remind", "in", "5",
        "minutes", "again", "please", "why", "can't", "you", "search", "https://x.y/z", "block", "Alice", "リマインド",
        "画像", "sketching", "note", "this", "\n", "", "😀", "ß");
    Arbitrary<String> sentences = words.list().ofMaxSize(12).map(w -> String.join(" ", w));
    return Arbitraries.oneOf(sentences, Arbitraries.strings().ofMaxLength(300), Arbitraries.strings().all().ofMaxLength(50));
  }

  @Property(tries = 300)
  void anyMessageYieldsADecisionAndNeverReordersTools(@ForAll("messages") String message, @ForAll boolean server,
      @ForAll("personal") DeliberateSettings.Personal personal, @ForAll boolean recent) {
    TurnContext ctx = DeliberateFixtures.context(message)
        .attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(server).withPersonal(personal))
        .attribute(DeliberateToolMode.RECENT_TOOLS, recent ? RecentTools.of(List.of(List.of("generate_image"))) : null)
        .build();
    PreparedTurn full = plain.prepare(ctx);
    DeliberateIntent intent = MODE.intent(ctx);

    PreparedTurn turn = deliberate.prepare(ctx);

    // Exactly the admitted tools, in the order Loadout gives without the filter.
    assertThat(turn.visibleNames()).isEqualTo(full.visible().stream().filter(intent::admits).map(s -> s.name()).toList());
    assertThat(turn.visible().size() + turn.hidden().size()).isEqualTo(full.visible().size());
    assertThat(turn.hidden()).allSatisfy(h -> assertThat(h.reasons()).allSatisfy(r ->
        assertThat(r.code()).isIn(DeliberateToolMode.NO_INTENT, DeliberateToolMode.NOT_REQUESTED)));
    assertThat(turn.visible().isEmpty()).isEqualTo(intent.isActive() && !intent.hasIntent());
  }

  @Provide
  Arbitrary<DeliberateSettings.Personal> personal() {
    return Arbitraries.of(DeliberateSettings.Personal.class);
  }

  @Property(tries = 200)
  void hugeMessagesAreCutNotRejected(@ForAll("messages") String message) {
    String big = (message + " ").repeat(Math.max(1, 20_000 / (message.length() + 1)));
    TurnContext ctx = DeliberateFixtures.deliberate(big);

    assertThat(MODE.intent(ctx).isActive()).isTrue();
    assertThat(DeliberateFilter.text(ctx).length()).isLessThanOrEqualTo(DeliberateToolMode.MAX_TEXT_CHARS);
  }
}
