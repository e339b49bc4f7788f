package dev.loadout.core.internal.jdbc;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The JDBC plumbing needs no driver (that no public signature shows it is a rule of {@code ModuleRules}). */
class InternalBoundaryTest {
  private static final JavaClasses CORE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.loadout.core");

  @Test
  void coreNeverDependsOnAJdbcDriver() {
    noClasses().that().resideInAPackage("dev.loadout.core..")
        .should().dependOnClassesThat().resideInAnyPackage("org.sqlite..", "org.postgresql..")
        .check(CORE);
  }
}
