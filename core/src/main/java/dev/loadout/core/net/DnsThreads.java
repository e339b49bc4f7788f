package dev.loadout.core.net;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Daemon threads for {@link HostResolver#system()}: the JVM's lookup blocks and cannot be interrupted. */
final class DnsThreads {
  static final ExecutorService EXECUTOR = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "loadout-dns");
    t.setDaemon(true);
    return t;
  });

  private DnsThreads() {}
}
