package dev.loadout.core.net;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.Socket;
import java.net.SocketAddress;
import java.util.function.Consumer;
import org.apache.hc.client5.http.io.DetachedSocketFactory;

/**
 * Plain sockets for the pinned client. {@code new Socket()} would honour {@code socksProxyHost} and the
 * default {@link java.net.ProxySelector}, so every socket is made with {@link Proxy#NO_PROXY}; a SOCKS proxy
 * would resolve the name itself and undo the pinning. As a last line of defence each connect re-checks its
 * target address against the policy, so no code path can reach a blocked address even if the resolver seam
 * were bypassed. The listener sees every attempt; tests use it to prove that none was made.
 */
final class GuardedSockets implements DetachedSocketFactory {
  private final NetworkGuard guard;
  private final Consumer<InetSocketAddress> listener;

  GuardedSockets(NetworkGuard guard, Consumer<InetSocketAddress> listener) {
    this.guard = guard;
    this.listener = listener;
  }

  @Override
  public Socket create(Proxy proxy) {
    return new GuardedSocket();
  }

  private final class GuardedSocket extends Socket {
    GuardedSocket() {
      super(Proxy.NO_PROXY);
    }

    @Override
    public void connect(SocketAddress endpoint, int timeout) throws IOException {
      if (!(endpoint instanceof InetSocketAddress) || ((InetSocketAddress) endpoint).isUnresolved()) {
        throw new ConnectException("the network guard connects only to checked addresses");
      }
      InetSocketAddress target = (InetSocketAddress) endpoint;
      if (!guard.reachable(target.getAddress())) {
        throw new ConnectException("the network guard refused " + target.getAddress().getHostAddress());
      }
      listener.accept(target);
      super.connect(endpoint, timeout);
    }
  }
}
