package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** For any address, the verdict is the same whether the URL names it as a literal or through a resolver. */
class NetworkGuardPropertiesTest {
  /** Prefixes from the block lists, so the generator lands inside and beside every special range. */
  private static final List<int[]> PREFIXES = List.of(
      new int[] {0}, new int[] {10}, new int[] {100, 64}, new int[] {100, 100, 100}, new int[] {127}, new int[] {169, 254},
      new int[] {172, 16}, new int[] {172, 31}, new int[] {192, 0, 0}, new int[] {192, 0, 2}, new int[] {192, 88, 99},
      new int[] {192, 168}, new int[] {198, 18}, new int[] {198, 51, 100}, new int[] {203, 0, 113}, new int[] {224},
      new int[] {240}, new int[] {255}, new int[] {168, 63, 129});
  private static final List<int[]> PREFIXES_V6 = List.of(
      new int[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, new int[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF},
      new int[] {0, 0x64, 0xFF, 0x9B}, new int[] {0x01, 0}, new int[] {0x20, 0x01, 0, 0}, new int[] {0x20, 0x01, 0x0D, 0xB8},
      new int[] {0x20, 0x02}, new int[] {0x3F, 0xFF}, new int[] {0x5F, 0}, new int[] {0xFC}, new int[] {0xFD, 0, 0x0E, 0xC2},
      new int[] {0xFD, 0x20, 0, 0xCE}, new int[] {0xFE, 0x80}, new int[] {0xFE, 0xC0}, new int[] {0xFF}, new int[] {0x26, 0x06});

  @Property(tries = 2000)
  void aLiteralAndAResolvedAddressGetTheSameVerdict(@ForAll("addresses") byte[] bytes, @ForAll boolean allowPrivate)
      throws UnknownHostException {
    NetworkPolicy policy = NetworkPolicy.builder().allowPrivateNetworks(allowPrivate).build();
    InetAddress address = InetAddress.getByAddress(bytes);
    String literal = bytes.length == 4 ? address.getHostAddress()
        : "[" + Inet6Address.getByAddress(null, bytes, -1).getHostAddress() + "]";
    NetworkGuard byLiteral = NetworkGuard.of(policy, host -> {
      throw new AssertionError("literal resolved");
    });
    // Built the way a custom DNS client would: an Inet6Address even for mapped bytes.
    InetAddress answer = bytes.length == 4 ? address : Inet6Address.getByAddress(null, bytes, -1);
    NetworkGuard byName = NetworkGuard.of(policy, host -> List.of(answer));

    UrlVerdict a = byLiteral.check("http://" + literal + "/");
    UrlVerdict b = byName.check("http://some-host.test/");

    assertThat(b.code()).isEqualTo(a.code());
    assertThat(b.allowed()).isEqualTo(a.allowed());
    assertThat(b.addresses().stream().map(InetAddress::getAddress).toList())
        .usingRecursiveComparison().isEqualTo(a.addresses().stream().map(InetAddress::getAddress).toList());
  }

  @Provide
  Arbitrary<byte[]> addresses() {
    Arbitrary<byte[]> v4 = Arbitraries.bytes().array(byte[].class).ofSize(4);
    Arbitrary<byte[]> v6 = Arbitraries.bytes().array(byte[].class).ofSize(16);
    Arbitrary<byte[]> nearV4 = Combinators.combine(Arbitraries.of(PREFIXES), v4).as((p, r) -> overlay(p, r));
    Arbitrary<byte[]> nearV6 = Combinators.combine(Arbitraries.of(PREFIXES_V6), v6).as((p, r) -> overlay(p, r));
    return Arbitraries.oneOf(v4, v6, nearV4, nearV6);
  }

  private static byte[] overlay(int[] prefix, byte[] random) {
    byte[] out = random.clone();
    for (int i = 0; i < prefix.length; i++) {
      out[i] = (byte) prefix[i];
    }
    return out;
  }
}
