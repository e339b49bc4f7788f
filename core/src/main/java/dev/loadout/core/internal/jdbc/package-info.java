/**
 * Internal JDBC plumbing shared by Loadout's JDBC stores: connections from a {@link javax.sql.DataSource},
 * transactions, the SQLite and PostgreSQL differences, and schema migrations.
 *
 * <h2>DISCLAIMER</h2>
 * These classes are intended solely for use within Loadout itself. They are <em>internal, not for use by
 * hosts</em>, and may change or disappear in any release without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.loadout.core.internal.jdbc;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
