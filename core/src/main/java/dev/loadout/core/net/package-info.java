/**
 * Outbound network safety: what a URL may reach, and an HTTP client that reaches exactly that.
 *
 * <p>{@link dev.loadout.core.net.NetworkGuard} is the one place that decides whether a URL may be fetched,
 * under a {@link dev.loadout.core.net.NetworkPolicy} (production blocks private networks; development and
 * the {@code FETCH_URL_ALLOW_PRIVATE_NETWORK} opt-in allow them; cloud-metadata and reserved addresses are
 * blocked always). Its {@link dev.loadout.core.net.UrlVerdict} carries a stable code, a reason for users,
 * and the checked addresses. {@link dev.loadout.core.net.SafeHttpClient} connects only to those addresses,
 * re-checks every redirect hop, caps bodies and headers, and keeps connect, read and call deadlines.
 * {@link dev.loadout.core.net.UrlArguments} applies the guard to URL-typed tool arguments, for tools that
 * fetch elsewhere (such as a guild's MCP server).
 */
package dev.loadout.core.net;
