package dev.loadout.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

class ApiSurfaceTest {
  private static final JavaClasses CORE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.loadout.core");

  @Test
  void everyPublicTypeDeclaresItsStability() {
    classes().that().arePublic().and().resideInAPackage("dev.loadout.core..")
        .should().beAnnotatedWith(API.class)
        .check(CORE);
  }

  @Test
  void publicSignaturesExposeNoImplementationLibrary() {
    methods().that().arePublic().and().areDeclaredInClassesThat().arePublic()
        .should().haveRawReturnType(com.tngtech.archunit.base.DescribedPredicate.describe("a type of Loadout, the JDK or Jackson",
            t -> !t.getPackageName().startsWith("com.networknt") && !t.getPackageName().startsWith("com.github.benmanes")
                && !t.getPackageName().startsWith("org.slf4j")))
        .check(CORE);
  }

  @Test
  void coreKnowsNoToolModuleAndNoMcp() {
    noClasses().that().resideInAPackage("dev.loadout.core..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.loadout.mcp..", "dev.loadout.tools..", "io.modelcontextprotocol..")
        .check(CORE);
  }

  @Test
  void implementationClassesStayPackagePrivate() {
    classes().that().resideInAPackage("dev.loadout.core").and().haveSimpleNameNotEndingWith("Test")
        .and().haveSimpleNameContaining("Writer").or().haveSimpleNameContaining("Parser")
        .or().haveSimpleNameContaining("Renderer").or().haveSimpleNameContaining("Execution")
        .or().haveSimpleNameEndingWith("Schemas").or().haveSimpleNameEndingWith("Validator")
        .should().notHaveModifier(JavaModifier.PUBLIC)
        .check(CORE);
  }
}
