package dev.loadout.mcp;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/** The public surface: stability marked on every type, and no MCP SDK, Reactor or Caffeine type in it. */
class ApiSurfaceTest {
  private static final JavaClasses MCP = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.loadout.mcp");

  private static boolean foreign(JavaClass t) {
    String p = t.getPackageName();
    return p.startsWith("io.modelcontextprotocol") || p.startsWith("reactor") || p.startsWith("com.github.benmanes")
        || p.startsWith("dev.loadout.core.internal");
  }

  @Test
  void everyPublicTypeDeclaresItsStability() {
    classes().that().arePublic().and(DescribedPredicate.describe("visible outside the package",
            (JavaClass c) -> c.getEnclosingClass().map(e -> e.getModifiers().contains(JavaModifier.PUBLIC)).orElse(true)))
        .should().beAnnotatedWith(API.class).check(MCP);
  }

  @Test
  void publicSignaturesExposeNoSdkReactorOrInternalType() {
    codeUnits().that().arePublic().and().areDeclaredInClassesThat().arePublic()
        .should(new ArchCondition<JavaCodeUnit>("mention no MCP SDK, Reactor, Caffeine or internal type") {
          @Override
          public void check(JavaCodeUnit unit, ConditionEvents events) {
            boolean bad = foreign(unit.getRawReturnType()) || unit.getRawParameterTypes().stream().anyMatch(ApiSurfaceTest::foreign)
                || unit.getThrowsClause().getTypes().stream().anyMatch(ApiSurfaceTest::foreign);
            events.add(new SimpleConditionEvent(unit, !bad, unit.getFullName()));
          }
        })
        .check(MCP);
    fields().that().arePublic().and().areDeclaredInClassesThat().arePublic()
        .should().haveRawType(DescribedPredicate.describe("not foreign", t -> !foreign(t))).check(MCP);
  }

  @Test
  void theConnectionMachineryStaysPackagePrivate() {
    classes().that().haveSimpleNameStartingWith("Connector").or().haveSimpleNameStartingWith("Pool")
        .or().haveSimpleNameStartingWith("Calls").or().haveSimpleNameStartingWith("Failures")
        .or().haveSimpleNameStartingWith("CircuitBreaker").or().haveSimpleNameStartingWith("McpTool")
        .should().notHaveModifier(JavaModifier.PUBLIC).check(MCP);
  }
}
