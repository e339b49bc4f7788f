package dev.loadout.core.internal.jdbc;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * One step of a store's schema: the statements that take it from {@code version - 1} to {@code version}.
 * Steps are never edited once released; a change is a new step.
 *
 * @param version the version this step reaches; 1 for the first
 * @param description what the step does, for error messages
 * @param statements the statements for a dialect, run in order in one transaction
 */
@API(status = INTERNAL, since = "0.1")
public record Migration(int version, String description, Function<JdbcDialect, List<String>> statements) {
  /** Checks the parts. */
  public Migration {
    if (version < 1 || description == null || description.isBlank() || statements == null) {
      throw new IllegalArgumentException("migration needs a version from 1, a description and statements, but got "
          + version + ", " + description + ", " + statements);
    }
  }
}
