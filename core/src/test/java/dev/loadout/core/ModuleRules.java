package dev.loadout.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.Slice;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DynamicTest;

/**
 * The architecture rules every published module keeps, in one place: each module's {@code ArchitectureTest}
 * names its root package, the other Loadout modules it may use and the libraries its public API must not show,
 * and runs these rules on its production classes.
 *
 * <ul>
 *   <li>every type visible outside its package declares its stability ({@code @API});
 *   <li>no public signature outside an {@code internal} package mentions an internal type (core's or the
 *       module's) or a library the module keeps out of its API;
 *   <li>dependencies point down the module table: a module knows core and the modules it names, never another
 *       Loadout module (core knows none);
 *   <li>the packages below the root form no cycle (the root package is the module's API, which its packages
 *       build on; a cycle below it means two packages are one concept split in two). Internal packages are left
 *       out of this rule: their plumbing uses the public types it serves.
 * </ul>
 */
public final class ModuleRules {
  private static final String LOADOUT = "dev.loadout";
  private static final String CORE = "dev.loadout.core";

  private final String root;
  private final List<String> mayUse = new ArrayList<>();
  private final List<String> keptOutOfApi = new ArrayList<>();

  private ModuleRules(String root) {
    this.root = root;
  }

  /**
   * The rules for the module whose production classes live under {@code rootPackage}.
   *
   * @param rootPackage for example {@code dev.loadout.tools.web}
   */
  public static ModuleRules module(String rootPackage) {
    return new ModuleRules(rootPackage);
  }

  /** Other Loadout modules this one may depend on, by root package (core is always allowed). */
  public ModuleRules mayUse(String... rootPackages) {
    mayUse.addAll(List.of(rootPackages));
    return this;
  }

  /** Library packages (prefixes such as {@code io.modelcontextprotocol}) no public signature may mention. */
  public ModuleRules keepsOutOfApi(String... packagePrefixes) {
    keptOutOfApi.addAll(List.of(packagePrefixes));
    return this;
  }

  /** One dynamic test per rule, so a failure names the rule it broke. */
  public Stream<DynamicTest> tests() {
    JavaClasses production = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(root);
    if (production.isEmpty()) {
      throw new AssertionError("no production class under " + root + ": is the root package right?");
    }
    return Stream.of(
        DynamicTest.dynamicTest("every visible type declares its stability", () -> stability().check(production)),
        DynamicTest.dynamicTest("public signatures show no internal or kept-out type", () -> {
          signatures().check(production);
          publicFields().check(production);
        }),
        DynamicTest.dynamicTest("dependencies point down the module table", () -> direction().check(production)),
        DynamicTest.dynamicTest("packages below the root form no cycle", () -> cycles().check(production)));
  }

  private static boolean visibleOutsideItsPackage(JavaClass c) {
    for (Optional<JavaClass> k = Optional.of(c); k.isPresent(); k = k.get().getEnclosingClass()) {
      if (!k.get().getModifiers().contains(JavaModifier.PUBLIC)) {
        return false;
      }
    }
    return true;
  }

  private ArchRule stability() {
    return classes().that(DescribedPredicate.describe("are visible outside their package",
            ModuleRules::visibleOutsideItsPackage))
        .should().beAnnotatedWith(API.class);
  }

  private boolean internal(String packageName) {
    return packageName.startsWith(CORE + ".internal") || packageName.startsWith(root + ".internal");
  }

  private boolean hidden(JavaClass t) {
    String p = t.getPackageName();
    return internal(p) || keptOutOfApi.stream().anyMatch(p::startsWith);
  }

  private DescribedPredicate<JavaClass> apiClass() {
    return DescribedPredicate.describe("are visible API types", c -> visibleOutsideItsPackage(c) && !internal(c.getPackageName()));
  }

  /** Public members, and protected ones: a subclass outside the module (a contract suite's) sees those too. */
  private static boolean visibleMember(java.util.Set<JavaModifier> modifiers) {
    return modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED);
  }

  private ArchRule signatures() {
    return codeUnits().that(DescribedPredicate.describe("are public or protected",
            (JavaCodeUnit u) -> visibleMember(u.getModifiers())))
        .and().areDeclaredInClassesThat(apiClass())
        .should(new ArchCondition<JavaCodeUnit>("mention no internal type and no library kept out of the API "
            + keptOutOfApi) {
          @Override
          public void check(JavaCodeUnit unit, ConditionEvents events) {
            boolean bad = hidden(unit.getRawReturnType())
                || unit.getRawParameterTypes().stream().anyMatch(ModuleRules.this::hidden)
                || unit.getThrowsClause().getTypes().stream().anyMatch(ModuleRules.this::hidden);
            events.add(new SimpleConditionEvent(unit, !bad, unit.getFullName()));
          }
        }).allowEmptyShould(true);
  }

  private ArchRule publicFields() {
    return fields().that(DescribedPredicate.describe("are public or protected",
            (com.tngtech.archunit.core.domain.JavaField f) -> visibleMember(f.getModifiers())))
        .and().areDeclaredInClassesThat(apiClass())
        .should().haveRawType(DescribedPredicate.describe("a type of the API", t -> !hidden(t)))
        .allowEmptyShould(true);
  }

  private ArchRule direction() {
    List<String> allowed = new ArrayList<>(mayUse);
    allowed.add(root);
    if (!root.equals(CORE)) {
      allowed.add(CORE);
    }
    return noClasses().should().dependOnClassesThat(DescribedPredicate.describe(
        "are in a Loadout module other than " + allowed,
        t -> isIn(t.getPackageName(), LOADOUT) && allowed.stream().noneMatch(a -> isIn(t.getPackageName(), a))));
  }

  private ArchRule cycles() {
    // Internal plumbing implements and returns the public types it serves (core's JDBC plumbing throws the store's
    // StoreException, the store's feeds run on that plumbing), so an edge back up from an internal package is by
    // design; the packages a host sees must not need each other in a circle.
    return slices().matching(root + ".(**)")
        .that(DescribedPredicate.describe("are not internal", (Slice s) -> s.stream().noneMatch(c -> internal(c.getPackageName()))))
        .should().beFreeOfCycles().allowEmptyShould(true);
  }

  private static boolean isIn(String packageName, String rootPackage) {
    return packageName.equals(rootPackage) || packageName.startsWith(rootPackage + ".");
  }
}
