package dev.loadout.core.participants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ParticipantAliasTest {

  @Test
  void normalizeTrimsStripsAtSignsLowerCasesAndCollapsesWhitespace() {
    assertThat(ParticipantAlias.normalize("  @Alice   Smith\t")).isEqualTo("alice smith");
    assertThat(ParticipantAlias.normalize("@@bob")).isEqualTo("bob");
    assertThat(ParticipantAlias.normalize("ÉLODIE\u00a0\u00a0Ré")).isEqualTo("élodie ré");
    assertThat(ParticipantAlias.normalize("already plain")).isEqualTo("already plain");
    assertThat(ParticipantAlias.normalize(null)).isEmpty();
    assertThat(ParticipantAlias.normalize("  @ ")).isEmpty();
  }

  @Test
  void normalizeIgnoresTheDefaultLocale() {
    java.util.Locale before = java.util.Locale.getDefault();
    try {
      java.util.Locale.setDefault(java.util.Locale.forLanguageTag("tr"));
      assertThat(ParticipantAlias.normalize("IRIS")).isEqualTo("iris");
    } finally {
      java.util.Locale.setDefault(before);
    }
  }

  @Test
  void aliasThatIsEmptyAfterNormalisationIsRefused() {
    assertThatThrownBy(() -> ParticipantAlias.of(" @ ", 0, AliasExposure.VISIBLE, Set.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("alias must not be empty after normalisation, but was ' @ '");
  }

  @Test
  void negativePriorityIsRefused() {
    assertThatThrownBy(() -> ParticipantAlias.of("a", -1, AliasExposure.VISIBLE, Set.of()))
        .hasMessage("alias priority must not be negative, but was -1");
  }

  @Test
  void purposesAreCopied() {
    EnumSet<AliasPurpose> purposes = EnumSet.of(AliasPurpose.TOOL_TARGET);
    ParticipantAlias a = ParticipantAlias.of("Al", 0, AliasExposure.VISIBLE, purposes);
    purposes.add(AliasPurpose.OUTPUT_MENTION);
    assertThat(a.purposes()).containsExactly(AliasPurpose.TOOL_TARGET);
    assertThat(a.normalized()).isEqualTo("al");
  }

  @Test
  void idsSerialiseAsKindColonIdAndRefuseEmptyIds() {
    assertThat(ParticipantId.user("42").serialised()).isEqualTo("user:42");
    assertThat(ParticipantId.parse("bridge_user:@a:matrix.org"))
        .isEqualTo(new ParticipantId(ParticipantKind.BRIDGE_USER, "@a:matrix.org"));
    assertThatThrownBy(() -> ParticipantId.persona(" ")).hasMessage("persona id must not be empty, but was ' '");
    assertThatThrownBy(() -> ParticipantId.parse("nocolon")).hasMessage("participant id must look like kind:id, but was 'nocolon'");
    assertThatThrownBy(() -> ParticipantKind.of("Bad Kind"))
        .hasMessage("participant kind must be lower_snake_case of at most 32 characters, but was 'Bad Kind'");
    assertThat(ParticipantKind.of("matrix_user").name()).isEqualTo("matrix_user");
  }

  /**
   * The letters at the edges of the upper-case range, the first code unit past ASCII and a second space or a tab in a
   * row each take the careful path: lower-cased, collapsed; what is already plain comes back as it was.
   */
  @org.junit.jupiter.params.ParameterizedTest(name = "[{0}] -> [{1}]")
  @org.junit.jupiter.params.provider.CsvSource(delimiter = ';', value = {
      "Ann;ann", "Zoe;zoe", "bob AZ;bob az", "@Ada;ada", "ann  lee;ann lee", "ann\tlee;ann lee",
      "\u00c9lise;\u00e9lise", "z\u0080;z\u0080", "ann lee;ann lee", "a-z_09[]{};a-z_09[]{}", " @@ ann   ;ann"})
  void normalisingLowersAndCollapsesExactlyWhatIsNotPlainAlready(String raw, String normalized) {
    String in = unescape(raw);
    assertThat(ParticipantAlias.normalize(in)).isEqualTo(unescape(normalized));
    assertThat(ParticipantAlias.normalize(ParticipantAlias.normalize(in))).as("idempotent")
        .isEqualTo(unescape(normalized));
  }

  private static String unescape(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      if (s.startsWith("\\t", i)) {
        out.append('\t');
        i++;
      } else if (s.startsWith("\\u", i)) {
        out.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
        i += 5;
      } else {
        out.append(s.charAt(i));
      }
    }
    return out.toString();
  }
}
