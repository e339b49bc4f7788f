package dev.loadout.core.internal.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Both ends of every range are allowed and one past is refused, and the refusal says the range the way an operator
 * writes it: these are the sentences a misconfigured bot prints at start-up.
 */
class SettingsBoundsTest {
  private static EnvironmentReader vars(String name, String value) {
    return EnvironmentReader.of(Map.of(name, value));
  }

  @Test
  void durationsAreDescribedInTheLargestWholeUnit() {
    assertThat(Settings.describe(Duration.ofMillis(250))).isEqualTo("250 ms");
    assertThat(Settings.describe(Duration.ofMillis(1500))).isEqualTo("1500 ms");
    assertThat(Settings.describe(Duration.ZERO)).isEqualTo("0 ms");
    assertThat(Settings.describe(Duration.ofSeconds(30))).isEqualTo("30 s");
    assertThat(Settings.describe(Duration.ofSeconds(90))).isEqualTo("90 s");
    assertThat(Settings.describe(Duration.ofMinutes(5))).isEqualTo("5 min");
    assertThat(Settings.describe(Duration.ofMinutes(90))).isEqualTo("90 min");
    assertThat(Settings.describe(Duration.ofHours(2))).isEqualTo("2 h");
    assertThat(Settings.describe(Duration.ofHours(36))).isEqualTo("36 h");
    assertThat(Settings.describe(Duration.ofDays(1))).isEqualTo("1 day");
    assertThat(Settings.describe(Duration.ofDays(366))).isEqualTo("366 days");
    assertThat(Settings.describe(Duration.ofNanos(1_500))).as("below a millisecond: ISO-8601").isEqualTo("PT0.0000015S");
    assertThat(Settings.describe(Duration.ofMillis(-5))).isEqualTo("PT-0.005S");
    assertThat(Settings.describe(null)).isEqualTo("null");
  }

  @Test
  void aWholeNumberRangeIncludesBothEnds() {
    assertThat(Settings.whole("x", 1, 1, 10)).isEqualTo(1);
    assertThat(Settings.whole("x", 10, 1, 10)).isEqualTo(10);
    assertThatThrownBy(() -> Settings.whole("x", 0, 1, 10)).hasMessage("x must be from 1 to 10, but was 0");
    assertThatThrownBy(() -> Settings.whole("x", 11, 1, 10)).hasMessage("x must be from 1 to 10, but was 11");
    assertThat(vars("N", "1").whole("N", 5, 1, 10)).isEqualTo(1);
    assertThat(vars("N", "10").whole("N", 5, 1, 10)).isEqualTo(10);
    assertThatThrownBy(() -> vars("N", "0").whole("N", 5, 1, 10))
        .hasMessage("N must be a whole number from 1 to 10, but was '0'");
    assertThatThrownBy(() -> vars("N", "11").whole("N", 5, 1, 10))
        .hasMessage("N must be a whole number from 1 to 10, but was '11'");
  }

  @Test
  void aDurationRangeIncludesBothEnds() {
    Duration min = Duration.ofSeconds(1);
    Duration max = Duration.ofMinutes(10);
    assertThat(vars("T", "1s").duration("T", ChronoUnit.SECONDS, null, min, max)).isEqualTo(min);
    assertThat(vars("T", "10 min").duration("T", ChronoUnit.SECONDS, null, min, max)).isEqualTo(max);
    assertThatThrownBy(() -> vars("T", "999 ms").duration("T", ChronoUnit.SECONDS, null, min, max))
        .hasMessage("T must be a duration from 1 s to 10 min (a whole number of seconds, or one with ms, s, min, h or d),"
            + " but was '999 ms'");
    assertThatThrownBy(() -> vars("T", "601").duration("T", ChronoUnit.SECONDS, null, min, max))
        .hasMessageEndingWith("but was '601'");
    assertThat(vars("T", "2").duration("T", ChronoUnit.MINUTES, null, min, max)).isEqualTo(Duration.ofMinutes(2));
    assertThatThrownBy(() -> vars("T", "x").duration("T", ChronoUnit.MINUTES, null, min, max))
        .hasMessageContaining("(a whole number of minutes,");
    assertThatThrownBy(() -> vars("T", "x").duration("T", ChronoUnit.HOURS, null, min, Duration.ofDays(2)))
        .hasMessageContaining("from 1 s to 2 days (a whole number of hours,");
    assertThatThrownBy(() -> vars("T", "x").duration("T", ChronoUnit.MILLIS, null, Duration.ofMillis(1), max))
        .hasMessageContaining("from 1 ms to 10 min (a whole number of milliseconds,");
    assertThatThrownBy(() -> vars("T", "x").duration("T", ChronoUnit.DAYS, null, min, max))
        .hasMessageContaining("(a whole number of days,");
  }

  @Test
  void aSizeRangeIncludesBothEndsAndIsWrittenInTheLargestWholeUnit() {
    long kib = 1L << 10;
    long mib = 1L << 20;
    long gib = 1L << 30;
    assertThat(vars("S", "1 KiB").bytes("S", 1, 0, kib, 2 * gib)).isEqualTo(kib);
    assertThat(vars("S", "2g").bytes("S", 1, 0, kib, 2 * gib)).isEqualTo(2 * gib);
    assertThatThrownBy(() -> vars("S", "1023").bytes("S", 1, 0, kib, 2 * gib))
        .hasMessage("S must be a size from 1 KiB to 2 GiB (a whole number of bytes, or one with B, KiB, MiB or GiB),"
            + " but was '1023'");
    assertThatThrownBy(() -> vars("S", "2049 MiB").bytes("S", 1, 0, kib, 2 * gib))
        .hasMessageEndingWith("but was '2049 MiB'");
    assertThatThrownBy(() -> vars("S", "x").bytes("S", kib, 0, 1, 3 * mib))
        .hasMessageContaining("from 1 B to 3 MiB (a whole number of KiB,");
    assertThatThrownBy(() -> vars("S", "x").bytes("S", mib, 0, 1536, 1023))
        .hasMessageContaining("from 1536 B to 1023 B (a whole number of MiB,");
    assertThatThrownBy(() -> vars("S", "x").bytes("S", gib, 0, 3 * kib, gib + kib))
        .hasMessageContaining("from 3 KiB to 1048577 KiB (a whole number of GiB,");
    assertThatThrownBy(() -> vars("S", "x").bytes("S", 1000, 0, 1, 10))
        .hasMessageContaining("(a whole number of units of 1000 bytes,");
    assertThat(vars("S", "3").bytes("S", kib, 0, 1, 3 * mib)).as("a bare number counts the variable's unit")
        .isEqualTo(3 * kib);
  }

  @Test
  void aRefusedValueIsShownCutAtFortyCharactersAndWithoutControlCharacters() {
    String forty = "x".repeat(40);
    assertThatThrownBy(() -> vars("N", forty).whole("N", 0, 0, 9)).hasMessageEndingWith("but was '" + forty + "'");
    assertThatThrownBy(() -> vars("N", forty + "y").whole("N", 0, 0, 9))
        .hasMessageEndingWith("but was '" + forty + "…'");
    assertThatThrownBy(() -> vars("N", "4\u001b[2J2").whole("N", 0, 0, 9)).hasMessageEndingWith("but was '4?[2J2'");
  }
}
