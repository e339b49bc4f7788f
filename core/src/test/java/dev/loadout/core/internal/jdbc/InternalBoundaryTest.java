package dev.loadout.core.internal.jdbc;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** Internal plumbing stays internal: no public signature outside it mentions it, and it needs no driver. */
class InternalBoundaryTest {
  private static final JavaClasses CORE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.loadout.core");

  private static final DescribedPredicate<JavaClass> INTERNAL =
      DescribedPredicate.describe("an internal type", c -> c.getPackageName().startsWith("dev.loadout.core.internal"));

  @Test
  void noPublicSignatureOutsideInternalMentionsAnInternalType() {
    methods().that().arePublic().and().areDeclaredInClassesThat().arePublic()
        .and().areDeclaredInClassesThat().resideOutsideOfPackage("dev.loadout.core.internal..")
        .should().haveRawReturnType(DescribedPredicate.not(INTERNAL))
        .andShould().haveRawParameterTypes(DescribedPredicate.describe("no internal parameter",
            params -> params.stream().noneMatch(INTERNAL)))
        .check(CORE);
  }

  @Test
  void coreNeverDependsOnAJdbcDriver() {
    noClasses().that().resideInAPackage("dev.loadout.core..")
        .should().dependOnClassesThat().resideInAnyPackage("org.sqlite..", "org.postgresql..")
        .check(CORE);
  }
}
