package dev.loadout.direct;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The marker filter measured on a labelled set of replies ({@code marker-replies.jsonl}: English and Chinese; whole
 * promises, answers that open with a filler or a promise-like phrase, mixed replies, offers, forged markers, code
 * blocks and quotes), each labelled with what must be posted when no tool was chosen. Precision counts every reply
 * the filter changed beyond its forged markers; a change that differs from the label is a false positive, so
 * eating part of a real answer costs precision. Recall counts the replies labelled as holding a promise that came
 * out exactly as labelled.
 *
 * <p>The set has two parts. The first (317 replies) was labelled before the rules were written. The second (50
 * replies, {@code "part":"second"}) was labelled afterwards with phrasings the rules had not seen ("lemme check",
 * "我帮你瞅瞅", "one second is enough…"); measured blind it gave precision 0.89 and recall 0.61, which led to
 * general changes (informal first-person forms, waiting words only as a clause of their own), never to rules for
 * one reply. Both parts count here.
 */
class ToolMarkerLabelledSetTest {
  record Item(String lang, String kind, String reply, String expected, boolean promise) {}

  static final ToolMarker MARKER = ToolMarker.of(DirectSettings.defaults());
  static final List<Item> ITEMS = new ArrayList<>();

  @BeforeAll
  static void load() throws Exception {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        ToolMarkerLabelledSetTest.class.getResourceAsStream("marker-replies.jsonl"), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        JsonNode o = ArgumentTemplate.MAPPER.readTree(line);
        String reply = o.get("reply").stringValue();
        JsonNode e = o.get("expected");
        String expected = e.has("honest") ? ToolMarker.DEFAULT_HONEST_LINE
            : e.has("unchanged") ? reply.strip() : e.get("text").stringValue();
        boolean promise = e.has("honest") || o.get("kind").stringValue().equals("mixed");
        ITEMS.add(new Item(o.get("lang").stringValue(), o.get("kind").stringValue(), reply, expected, promise));
      }
    }
  }

  @Test
  void theSetIsLargeEnoughAndCoversBothLanguagesAndEveryKind() {
    assertThat(ITEMS).hasSizeGreaterThanOrEqualTo(300);
    assertThat(ITEMS).extracting(Item::lang).contains("en", "zh");
    assertThat(ITEMS).extracting(Item::kind).contains("promise", "mixed", "answer", "forged", "code", "quote");
    assertThat(ITEMS.stream().filter(Item::promise).count()).isGreaterThanOrEqualTo(100);
  }

  @Test
  void promisesAreCaughtWithPrecisionOf99PercentAndRecallOf90Percent() {
    int truePositives = 0;
    int falsePositives = 0;
    int promises = 0;
    List<String> misses = new ArrayList<>();
    List<String> wrong = new ArrayList<>();
    for (Item item : ITEMS) {
      String actual = MARKER.reply(item.reply(), false);
      boolean changed = !actual.equals(MARKER.clean(item.reply(), true));
      boolean right = actual.equals(item.expected());
      if (item.promise()) {
        promises++;
        if (right) {
          truePositives++;
        } else {
          misses.add(item.reply() + " → " + actual);
        }
      }
      if (changed && !right) {
        falsePositives++;
        wrong.add(item.reply() + " → " + actual);
      }
    }
    double precision = truePositives / (double) (truePositives + falsePositives);
    double recall = truePositives / (double) promises;
    System.out.printf("marker set: %d replies, %d with promises; precision %.4f, recall %.4f%n", ITEMS.size(),
        promises, precision, recall);
    assertThat(precision).as("precision; wrongly changed: %s", wrong).isGreaterThanOrEqualTo(0.99);
    assertThat(recall).as("recall; missed: %s", misses).isGreaterThanOrEqualTo(0.90);
  }

  @Test
  void everyReplyWithoutAPromiseIsPostedAsLabelled() {
    List<String> wrong = new ArrayList<>();
    for (Item item : ITEMS) {
      if (!item.promise() && !MARKER.reply(item.reply(), false).equals(item.expected())) {
        wrong.add(item.reply() + " → " + MARKER.reply(item.reply(), false));
      }
    }
    assertThat(wrong).hasSizeLessThanOrEqualTo(ITEMS.size() / 100);
  }

  @Test
  void forgedMarkersAreAlwaysRemovedWhetherOrNotAToolWasChosen() {
    for (Item item : ITEMS) {
      for (boolean chosen : new boolean[] {true, false}) {
        String out = MARKER.reply(item.reply(), chosen);
        assertThat(out).as(item.reply()).doesNotContain("使用了工具", "工具调用", "used tool", "Used tool", "Tool used");
      }
      if (item.kind().equals("forged")) {
        assertThat(MARKER.reply(item.reply(), true)).isEqualTo(item.expected());
      }
    }
  }

  @Test
  void whenAToolWasChosenNoSentenceIsRemoved() {
    for (Item item : ITEMS) {
      if (!item.kind().equals("forged")) {
        assertThat(MARKER.reply(item.reply(), true)).as(item.reply()).isEqualTo(item.reply().strip());
      }
    }
  }
}
