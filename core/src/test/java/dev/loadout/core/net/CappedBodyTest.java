package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Reading a body up to a cap counts the bytes that arrive, not the ones announced: exactly the cap is
 * complete, one byte more is truncated, a lying length changes nothing, and a passed deadline stops reading.
 */
class CappedBodyTest {

  @Test
  void aBodyOfExactlyTheCapIsCompleteAndNotTruncated() throws IOException {
    CappedBody body = read(bytes(100), 100, 100);

    assertThat(body.length()).isEqualTo(100);
    assertThat(body.truncated()).isFalse();
    assertThat(body.complete()).isTrue();
    assertThat(Arrays.copyOf(body.bytes(), body.length())).isEqualTo(bytes(100));
  }

  @Test
  void oneBytePastTheCapTruncatesAndLeavesTheStreamUnfinished() throws IOException {
    CappedBody body = read(bytes(101), 100, -1);

    assertThat(body.length()).isEqualTo(100);
    assertThat(body.truncated()).isTrue();
    assertThat(body.complete()).isFalse();
    assertThat(Arrays.copyOf(body.bytes(), body.length())).isEqualTo(bytes(100));
  }

  @Test
  void oneByteBelowTheCapIsTheWholeBody() throws IOException {
    CappedBody body = read(bytes(99), 100, -1);

    assertThat(body.length()).isEqualTo(99);
    assertThat(body.truncated()).isFalse();
    assertThat(body.complete()).isTrue();
  }

  @Test
  void aContentLengthThatUnderstatesOrOverstatesTheBodyChangesNothing() throws IOException {
    for (long declared : new long[] {0, 1, 10, 99, 100, 101, 1L << 40}) {
      CappedBody under = read(bytes(5_000), 4_000, declared);
      CappedBody over = read(bytes(50), 4_000, declared);

      assertThat(under.length()).as("declared %s", declared).isEqualTo(4_000);
      assertThat(under.truncated()).isTrue();
      assertThat(Arrays.copyOf(under.bytes(), under.length())).isEqualTo(bytes(4_000));
      assertThat(over.length()).as("declared %s", declared).isEqualTo(50);
      assertThat(over.complete()).isTrue();
      assertThat(Arrays.copyOf(over.bytes(), over.length())).isEqualTo(bytes(50));
    }
  }

  @Test
  void aBodyLargerThanTheFirstBufferGrowsUntilTheCap() throws IOException {
    int size = 3 * 16 * 1024 + 7;
    CappedBody whole = read(bytes(size), 1 << 20, -1);
    CappedBody capped = read(bytes(size), size - 1, -1);

    assertThat(whole.length()).isEqualTo(size);
    assertThat(whole.complete()).isTrue();
    assertThat(Arrays.copyOf(whole.bytes(), whole.length())).isEqualTo(bytes(size));
    assertThat(capped.length()).isEqualTo(size - 1);
    assertThat(capped.truncated()).isTrue();
  }

  @Test
  void anHonestContentLengthIsReadInOneBufferWithRoomForTheEnd() throws IOException {
    CappedBody body = read(bytes(5_000), 1 << 20, 5_000);

    assertThat(body.length()).isEqualTo(5_000);
    assertThat(body.complete()).isTrue();
    assertThat(body.bytes()).hasSize(5_001);
  }

  @Test
  void aCapOfZeroReadsNothingAndProbesOneByte() throws IOException {
    assertThat(read(bytes(1), 0, -1).truncated()).isTrue();
    assertThat(read(bytes(0), 0, -1).truncated()).isFalse();
    assertThat(read(bytes(0), 0, -1).complete()).isTrue();
  }

  @Test
  void aPassedDeadlineStopsAfterTheReadInProgressWithWhatArrived() throws IOException {
    InputStream trickle = new InputStream() {
      private int left = 10;

      @Override
      public int read() {
        return left-- > 0 ? 'x' : -1;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (left <= 0) {
          return -1;
        }
        b[off] = 'x';
        left--;
        return 1;
      }
    };

    CappedBody body = CappedBody.read(trickle, 100, -1, System.nanoTime());

    assertThat(body.length()).isEqualTo(1);
    assertThat(body.complete()).isFalse();
    assertThat(body.truncated()).isFalse();
  }

  @Test
  void aZeroByteJustPastTheCapStillCountsAsMore() throws IOException {
    byte[] data = new byte[11];
    Arrays.fill(data, 0, 10, (byte) 'x');

    CappedBody body = read(data, 10, -1);

    assertThat(body.length()).isEqualTo(10);
    assertThat(body.truncated()).isTrue();
    assertThat(body.complete()).isFalse();
  }

  @Test
  void aBodyAnnouncedAsEmptyCostsOneByteOfBuffer() throws IOException {
    CappedBody body = read(new byte[0], 1 << 20, 0);

    assertThat(body.length()).isZero();
    assertThat(body.complete()).isTrue();
    assertThat(body.bytes()).hasSize(1);
  }

  @Test
  void aReadThatReturnsNoBytesIsNotTheEnd() throws IOException {
    InputStream stuttering = new InputStream() {
      private final InputStream data = new ByteArrayInputStream(bytes(20));
      private boolean stutter = true;

      @Override
      public int read() throws IOException {
        return data.read();
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (stutter) {
          stutter = false;
          return 0;
        }
        return data.read(b, off, len);
      }
    };

    CappedBody body = CappedBody.read(stuttering, 100, -1, System.nanoTime() + TimeUnit.HOURS.toNanos(1));

    assertThat(body.length()).isEqualTo(20);
    assertThat(body.complete()).isTrue();
  }

  private static CappedBody read(byte[] data, long cap, long declared) throws IOException {
    // An hour ahead: never reached, and no overflow whatever the origin of nanoTime.
    return CappedBody.read(new ByteArrayInputStream(data), cap, declared, System.nanoTime() + TimeUnit.HOURS.toNanos(1));
  }

  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (i * 31 + 7);
    }
    return b;
  }
}
