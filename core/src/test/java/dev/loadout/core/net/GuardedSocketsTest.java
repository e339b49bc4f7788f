package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The pinned client's last line of defence: each connect re-checks its target, whatever the resolver said. */
class GuardedSocketsTest {
  private final List<InetSocketAddress> attempts = new CopyOnWriteArrayList<>();

  @Test
  void aBlockedAddressIsRefusedBeforeAnyConnectionIsMade() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, FakeDns.literal("127.0.0.1"));
        Socket socket = new GuardedSockets(NetworkGuard.of(NetworkPolicy.production(), new FakeDns()), attempts::add)
            .create(null)) {
      InetSocketAddress target = new InetSocketAddress(FakeDns.literal("127.0.0.1"), server.getLocalPort());

      assertThatThrownBy(() -> socket.connect(target, 1000)).isInstanceOf(ConnectException.class)
          .hasMessage("the network guard refused 127.0.0.1");
      assertThat(attempts).isEmpty();
      assertThat(socket.isConnected()).isFalse();
    }
  }

  @Test
  void anAllowedAddressIsConnectedAndReportedToTheListener() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, FakeDns.literal("127.0.0.1"));
        Socket socket = new GuardedSockets(NetworkGuard.of(NetworkPolicy.development(), new FakeDns()), attempts::add)
            .create(null)) {
      InetSocketAddress target = new InetSocketAddress(FakeDns.literal("127.0.0.1"), server.getLocalPort());

      socket.connect(target, 1000);

      assertThat(socket.isConnected()).isTrue();
      assertThat(attempts).containsExactly(target);
    }
  }

  @Test
  void anUnresolvedNameIsNeverConnected() throws Exception {
    try (Socket socket = new GuardedSockets(NetworkGuard.of(NetworkPolicy.development(), new FakeDns()), attempts::add)
        .create(null)) {
      assertThatThrownBy(() -> socket.connect(InetSocketAddress.createUnresolved("localhost", 80), 1000))
          .isInstanceOf(ConnectException.class).hasMessage("the network guard connects only to checked addresses");
      assertThat(attempts).isEmpty();
    }
  }
}
