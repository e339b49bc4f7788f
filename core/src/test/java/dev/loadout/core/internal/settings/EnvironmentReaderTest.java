package dev.loadout.core.internal.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every {@code fromEnvironment} reads words, durations, sizes and lists through this one reader. */
class EnvironmentReaderTest {
  private static EnvironmentReader vars(String name, String value) {
    return EnvironmentReader.of(Map.of(name, value));
  }

  @Test
  void booleansReadTheFourPairsAndRefuseEverythingElse() {
    for (String on : new String[] {"true", "YES", " on ", "1"}) {
      assertThat(vars("X", on).bool("X", false)).as(on).isTrue();
    }
    for (String off : new String[] {"false", "No", "OFF", "0"}) {
      assertThat(vars("X", off).bool("X", true)).as(off).isFalse();
    }
    assertThat(vars("X", " ").bool("X", true)).isTrue();
    assertThat(EnvironmentReader.of(Map.of()).bool("X", false)).isFalse();
    assertThatThrownBy(() -> vars("X", "maybe").bool("X", false))
        .hasMessage("X must be one of true/false, yes/no, on/off, 1/0, but was 'maybe'");
  }

  @Test
  void durationsTakeTheVariablesUnitOrAnExplicitOne() {
    Duration min = Duration.ofMillis(1);
    Duration max = Duration.ofDays(1);
    assertThat(vars("T_MS", "1500").duration("T_MS", ChronoUnit.MILLIS, null, min, max)).isEqualTo(Duration.ofMillis(1500));
    assertThat(vars("T_MS", "90s").duration("T_MS", ChronoUnit.MILLIS, null, min, max)).isEqualTo(Duration.ofSeconds(90));
    assertThat(vars("T_MIN", "5").duration("T_MIN", ChronoUnit.MINUTES, null, min, max)).isEqualTo(Duration.ofMinutes(5));
    assertThat(vars("T", "2 h").duration("T", ChronoUnit.MILLIS, null, min, max)).isEqualTo(Duration.ofHours(2));
    assertThat(vars("T", "1d").duration("T", ChronoUnit.MILLIS, null, min, max)).isEqualTo(Duration.ofDays(1));
    assertThatThrownBy(() -> vars("VISION_ANALYSIS_TIMEOUT_MS", "9223372035855")
        .duration("VISION_ANALYSIS_TIMEOUT_MS", ChronoUnit.MILLIS, null, min, max))
        .hasMessage("VISION_ANALYSIS_TIMEOUT_MS must be a duration from 1 ms to 1 day (a whole number of milliseconds, "
            + "or one with ms, s, min, h or d), but was '9223372035855'");
    assertThatThrownBy(() -> vars("T", "99999999999999999999 d").duration("T", ChronoUnit.MILLIS, null, min, max))
        .hasMessageStartingWith("T must be a duration");
    assertThatThrownBy(() -> vars("T", "-5").duration("T", ChronoUnit.MILLIS, null, min, max))
        .hasMessageStartingWith("T must be a duration");
    assertThatThrownBy(() -> vars("T", "5 fortnights").duration("T", ChronoUnit.MILLIS, null, min, max))
        .hasMessageEndingWith("but was '5 fortnights'");
  }

  @Test
  void sizesTakeTheVariablesUnitOrAnExplicitBinaryOne() {
    assertThat(vars("S", "3").bytes("S", 1L << 20, 0, 1, Long.MAX_VALUE)).isEqualTo(3L << 20);
    assertThat(vars("S", "3 KiB").bytes("S", 1L << 20, 0, 1, Long.MAX_VALUE)).isEqualTo(3L << 10);
    assertThat(vars("S", "2G").bytes("S", 1, 0, 1, Long.MAX_VALUE)).isEqualTo(2L << 30);
    assertThat(vars("S", "17b").bytes("S", 1L << 20, 0, 1, Long.MAX_VALUE)).isEqualTo(17);
    assertThatThrownBy(() -> vars("S", "9223372036854775807 GiB").bytes("S", 1, 0, 1, Long.MAX_VALUE))
        .hasMessageStartingWith("S must be a size");
  }

  @Test
  void wholeNumbersAndListsAndText() {
    assertThat(vars("N", " 7 ").whole("N", 1, 1, 10)).isEqualTo(7);
    assertThatThrownBy(() -> vars("N", "11").whole("N", 1, 1, 10)).hasMessage("N must be a whole number from 1 to 10, but was '11'");
    assertThat(vars("L", " a, ,b ,").list("L")).isEqualTo(List.of("a", "b"));
    assertThat(EnvironmentReader.of(Map.of()).list("L")).isEmpty();
    assertThat(vars("K", "  secret ").text("K")).contains("secret");
  }

  @Test
  void longValuesAreEchoedShortAndPrintable() {
    assertThatThrownBy(() -> vars("N", "x".repeat(500) + "\n").whole("N", 1, 1, 10))
        .hasMessageEndingWith("x".repeat(40) + "…'");
  }
}
