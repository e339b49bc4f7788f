/**
 * The network for a host's tests, on loopback only: {@link dev.loadout.testkit.net.LoopbackHttpServer}, an HTTP
 * server on 127.0.0.1 answering scripted {@link dev.loadout.testkit.net.HttpReply replies} (a provider, a search
 * engine, a speech or image backend, a page with redirects, a server that goes silent) and recording every
 * {@link dev.loadout.testkit.net.ReceivedRequest}; and {@link dev.loadout.testkit.net.FakeDns}, a resolver for
 * Loadout's network guard that never asks real DNS, so a name can be made to resolve to a refused address.
 */
package dev.loadout.testkit.net;
