package dev.loadout.core.availability;

import static dev.loadout.core.availability.DeliberateFixtures.context;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Custom triggers: literals, CJK, stems, RE2 expressions, the wildcard and locale packs. */
class IntentTriggersTest {

  private static boolean matches(IntentTriggers triggers, String text) {
    Map<IntentFamily, String> out = new HashMap<>();
    triggers.matchInto(text, out);
    return !out.isEmpty();
  }

  @ParameterizedTest(name = "literal [{0}] in [{1}] -> {2}")
  @CsvSource(delimiter = '|', value = {
      // whole-word for word-like text
      "pic          | send a pic please        | true",
      "pic          | PIC!                     | true",
      "pic          | nice pictures            | false",
      "pic          | epic fail                | false",
      "pic          | hello                    | false",
      "draw it      | please draw   it now     | true",
      "draw it      | withdraw it              | false",
      "c++          | help with c++ please     | true",
      "scheduler    | scheduler please         | true",
      // CJK literals match inside words
      "リマインド    | リマインドしてね           | true",
      "알림          | 알림을 설정해 줘          | true",
      "画像          | この画像を分析して         | true",
      // a trailing * is a word-start stem
      "lembr*       | me lembre amanhã         | true",
      "lembr*       | vou relembrar            | false",
      "sketch*      | Sketching time           | true",
      "sketch*      | a quick-sketch           | true",
      // non-ASCII letters count as word characters
      "café         | un café, s'il te plaît   | true",
      "café         | cafétéria                | false",
  })
  void literals(String literal, String text, boolean expected) {
    IntentTriggers t = IntentTriggers.builder().literal(IntentFamily.IMAGE, literal).build();

    assertThat(matches(t, text)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "regex /{0}/ in [{1}] -> {2}")
  @CsvSource(delimiter = '|', value = {
      "\\bsketch\\b          | please SKETCH this   | true",
      "\\bsketch\\b          | sketchy              | false",
      "^draw                 | Draw a cat           | true",
      "^draw                 | please draw          | false",
      "colou?r me            | color me surprised   | true",
  })
  void regularExpressions(String regex, String text, boolean expected) {
    IntentTriggers t = IntentTriggers.builder().regex(IntentFamily.IMAGE, regex).build();

    assertThat(matches(t, text)).isEqualTo(expected);
  }

  @Test
  void theWildcardMatchesEveryTurnEvenWithoutText() {
    IntentTriggers t = IntentTriggers.builder().literal(IntentFamily.IMAGE, "^").build();

    assertThat(matches(t, "")).isTrue();
    assertThat(matches(t, "anything at all")).isTrue();
    assertThat(t.describe()).containsEntry(IntentFamily.IMAGE, List.of("^"));
    DeliberateIntent intent = DeliberateToolMode.builder().triggers(t).build()
        .intent(context(null).attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(true)).build());
    assertThat(intent.toolNames()).contains("generate_image");
  }

  @Test
  void anInvalidRegexIsRefusedNamingTheFamilyAndThePattern() {
    assertThatThrownBy(() -> IntentTriggers.builder().regex(IntentFamily.REMINDER, "(unclosed"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("regex trigger /(unclosed/ of family [reminder] is not a valid RE2 regular expression");
  }

  @Test
  void backReferencesAreRefusedBecauseRe2CannotRunThemInLinearTime() {
    assertThatThrownBy(() -> IntentTriggers.builder().regex(IntentFamily.IMAGE, "(a)\\1"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("of family [image]");
  }

  @Test
  void aRegexWhoseProgramWouldBeHugeIsRefusedByTheSharedPolicy() {
    assertThatThrownBy(() -> IntentTriggers.builder().regex(IntentFamily.IMAGE, "(a{30}){40}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("regex trigger /(a{30}){40}/ of family [image] must expand to at most 1024 atoms after counted repetition,"
            + " but the estimate was 1200");
    assertThatThrownBy(() -> IntentTriggers.builder().regex(IntentFamily.IMAGE, "(".repeat(501)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("regex trigger of family [image] must be at most 500 characters, but was 501");
  }

  @ParameterizedTest(name = "literal [{0}] is refused")
  @ValueSource(strings = {"", "   ", "*", " * "})
  void emptyLiteralsAreRefused(String literal) {
    assertThatThrownBy(() -> IntentTriggers.builder().literal(IntentFamily.IMAGE, literal))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("family [image]");
  }

  @Test
  void overlongTriggersAreRefused() {
    assertThatThrownBy(() -> IntentTriggers.builder().literal(IntentFamily.IMAGE, "x".repeat(501)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("literal trigger of family [image] must be at most 500 characters, but was 501");
  }

  @ParameterizedTest(name = "pack entry [{0}] is refused: {1}")
  @CsvSource(delimiter = '|', value = {
      "^            | contains regex syntax [^]",
      "a*b          | contains regex syntax [*]",
      "remind (me)  | contains regex syntax [(]",
      "画           | is a single character",
      "알           | is a single character",
      "'  '         | is empty",
  })
  void localePacksRefuseRegexSyntaxWildcardsAndSingleCharacters(String entry, String problem) {
    assertThatThrownBy(() -> IntentTriggers.builder().localePack(Locale.JAPANESE, IntentFamily.REMINDER, List.of(entry)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("of family [reminder] for locale [ja] " + problem);
  }

  @Test
  void localePacksAcceptStemsCjkWordsAndPhrasesAndApplyWhateverTheUsersLanguage() {
    IntentTriggers t = IntentTriggers.builder()
        .localePack(Locale.forLanguageTag("pt-BR"), IntentFamily.REMINDER, List.of("lembr*", "don't forget"))
        .localePack(Locale.JAPANESE, IntentFamily.MEDIA_ANALYSIS, List.of("画像"))
        .build();

    assertThat(matches(t, "me lembre amanhã")).isTrue();
    assertThat(matches(t, "Don't forget the milk")).isTrue();
    assertThat(matches(t, "この画像を分析して")).isTrue();
    assertThat(matches(t, "hello there")).isFalse();
  }

  @Test
  void storedTriggerMapsReadLikeTheReference() {
    IntentTriggers t = IntentTriggers.fromMap(Map.of(
        "image", List.of("pic", Map.of("type", "regex", "value", "\\bsketch\\b")),
        "user_blocking", List.of(Map.of("type", "literal", "value", "moderation"))));

    assertThat(t.families()).containsExactlyInAnyOrder(IntentFamily.IMAGE, IntentFamily.USER_BLOCKING);
    assertThat(t.describe().get(IntentFamily.IMAGE)).containsExactly("'pic'", "/\\bsketch\\b/");
    assertThatThrownBy(() -> IntentTriggers.fromMap(Map.of("image", List.of(Map.of("type", "glob", "value", "x")))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("trigger type of family [image] must be 'literal' or 'regex', but was glob");
    assertThatThrownBy(() -> IntentTriggers.fromMap(Map.of("Not A Family!", List.of("x"))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("but was 'Not A Family!'");
  }

  @Test
  void customTriggersAdmitTheirFamilysToolsAndNameTheTriggerInTheIntent() {
    DeliberateToolMode mode = DeliberateToolMode.builder()
        .triggers(IntentTriggers.builder().literal(IntentFamily.REMINDER, "scheduler")
            .literal(IntentFamily.USER_BLOCKING, "moderation").literal(IntentFamily.USER_INFO, "profile settings").build())
        .build();

    assertThat(mode.intent(DeliberateFixtures.deliberate("scheduler please")).toolNames())
        .contains("create_task", "update_task");
    assertThat(mode.intent(DeliberateFixtures.deliberate("moderation please")).toolNames())
        .contains("block_user", "unblock_user");
    DeliberateIntent info = mode.intent(DeliberateFixtures.deliberate("open my profile settings"));
    assertThat(info.toolNames()).contains("update_user_info");
    assertThat(info.families()).containsEntry(IntentFamily.USER_INFO, "'profile settings'");
  }

  @Test
  void familyNamesNormaliseAndBuiltInsAreShared() {
    assertThat(IntentFamily.of(" User_Blocking ")).isSameAs(IntentFamily.USER_BLOCKING);
    assertThat(IntentFamily.of("dice").isBuiltIn()).isFalse();
    assertThat(IntentFamily.of("dice")).isEqualTo(IntentFamily.of("dice"));
    assertThat(List.of(IntentFamily.of("dice"), IntentFamily.IMAGE, IntentFamily.SEARCH).stream().sorted().toList())
        .containsExactly(IntentFamily.SEARCH, IntentFamily.IMAGE, IntentFamily.of("dice"));
  }

  @Test
  void aLiteralOf500CharactersIsAcceptedAndOneOf501IsNot() {
    IntentTriggers.builder().literal(IntentFamily.IMAGE, "a".repeat(500)).build();

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> IntentTriggers.builder().literal(IntentFamily.IMAGE, "a".repeat(501)))
        .hasMessage("literal trigger of family [image] must be at most 500 characters, but was 501");
  }

  @Test
  void aWholeWordLiteralDoesNotMatchInsideAWordThatGoesOnWithAnUnderscoreOrACombiningMark() {
    IntentTrigger pic = IntentTrigger.literal(IntentFamily.IMAGE, "pic");

    org.assertj.core.api.Assertions.assertThat(pic.matches("a pic.")).isTrue();
    org.assertj.core.api.Assertions.assertThat(pic.matches("a pic_1")).isFalse();
    org.assertj.core.api.Assertions.assertThat(pic.matches("a pic\u0301")).isFalse();
    org.assertj.core.api.Assertions.assertThat(pic.matches("a pic\u0903")).isFalse();
    org.assertj.core.api.Assertions.assertThat(pic.matches("a pic9")).isFalse();
    org.assertj.core.api.Assertions.assertThat(pic.matches("a pic-")).isTrue();
  }
}
