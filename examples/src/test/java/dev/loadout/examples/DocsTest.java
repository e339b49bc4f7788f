package dev.loadout.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and {@code docs/} hold together: every relative link (and anchor) points at something in the
 * repository, the architecture page covers every module, the README links every guide, and no page sends a reader to
 * files outside the repository.
 */
class DocsTest {
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
  private static final Pattern INLINE_LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern REFERENCE_LINK = Pattern.compile("(?m)^\\s{0,3}\\[[^\\]]+\\]:\\s*(\\S+)");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  /** Spellings that reach outside the repository: the workspace beside it and the design notes kept there. */
  private static final List<String> OUTSIDE = List.of("../shared", "/work/", "DESIGN.md", "STYLE.md");

  /** README.md and every page of docs/, in a stable order. */
  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(ROOT.resolve("README.md"));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  /** The page without fenced code blocks (kept as blank lines, so line numbers stay) and without inline code. */
  static List<String> prose(Path page) throws IOException {
    List<String> out = new ArrayList<>();
    boolean fenced = false;
    for (String line : Files.readAllLines(page)) {
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
        out.add("");
      } else {
        out.add(fenced ? "" : line);
      }
    }
    return out;
  }

  /**
   * The anchors GitHub gives a page's headings (outside code blocks): inline-code and emphasis marks dropped, lower
   * case, punctuation other than {@code -} and {@code _} dropped, each space a hyphen, {@code -1}, {@code -2} for
   * repeats.
   */
  static Set<String> anchors(Path page) throws IOException {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : prose(page)) {
      Matcher h = HEADING.matcher(line);
      if (!line.startsWith("#") || !h.matches()) {
        continue;
      }
      String slug = h.group(1).replace("`", "").replace("*", "").toLowerCase(Locale.ROOT)
          .replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
      int n = seen.merge(slug, 1, Integer::sum);
      anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
    }
    return anchors;
  }

  /** Every link target of a page's prose, as written, with the line it is on. */
  static List<String[]> links(Path page) throws IOException {
    List<String[]> links = new ArrayList<>();
    List<String> lines = prose(page);
    for (int i = 0; i < lines.size(); i++) {
      String line = INLINE_CODE.matcher(lines.get(i)).replaceAll("");
      for (Pattern p : List.of(INLINE_LINK, REFERENCE_LINK)) {
        Matcher m = p.matcher(line);
        while (m.find()) {
          links.add(new String[] {m.group(1), String.valueOf(i + 1)});
        }
      }
    }
    return links;
  }

  @Test
  void everyRelativeLinkPointsAtAFileOrHeadingThatExists() throws IOException {
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path page : pages()) {
      for (String[] link : links(page)) {
        String target = link[0];
        String where = ROOT.relativize(page) + ":" + link[1] + " -> " + target;
        if (target.matches("(?i)[a-z][a-z0-9+.-]*:.*")) {
          continue; // https:, mailto: and the like: not a file of this repository
        }
        checked++;
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
        if (!file.startsWith(ROOT)) {
          broken.add(where + " (outside the repository)");
        } else if (!Files.exists(file)) {
          broken.add(where + " (no such file)");
        } else if (anchor != null && file.toString().endsWith(".md") && !anchors(file).contains(anchor)) {
          broken.add(where + " (no such heading in " + ROOT.relativize(file) + ")");
        }
      }
    }
    assertThat(checked).as("relative links checked").isPositive();
    assertThat(broken).as("broken links").isEmpty();
  }

  @Test
  void theArchitectureCoversEveryPublishedModuleAndEveryModuleOfTheBuild() throws IOException {
    String architecture = Files.readString(ROOT.resolve("docs/architecture.md"));
    String bom = Files.readString(ROOT.resolve("bom/pom.xml"));
    String managed = bom.substring(bom.indexOf("<dependencyManagement>"), bom.indexOf("</dependencyManagement>"));
    List<String> published = new ArrayList<>();
    Matcher artifact = Pattern.compile("<artifactId>(loadout-[a-z0-9-]+)</artifactId>").matcher(managed);
    while (artifact.find()) {
      published.add(artifact.group(1));
    }
    assertThat(published).as("the BOM's artifacts").contains("loadout-core", "loadout-mcp", "loadout-tools-web",
        "loadout-tools-image", "loadout-tools-voice", "loadout-testkit");
    for (String a : published) {
      String folder = a.substring("loadout-".length());
      assertThat(architecture).as("the modules table's row of " + a).contains("| `" + folder + "` | `" + a + "` | yes |");
    }

    String parent = Files.readString(ROOT.resolve("pom.xml"));
    Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(parent);
    int modules = 0;
    while (module.find()) {
      modules++;
      assertThat(architecture).as("the modules table's row of " + module.group(1)).contains("| `" + module.group(1) + "` |");
    }
    assertThat(modules).as("modules of the build").isGreaterThanOrEqualTo(published.size());
  }

  @Test
  void theReadmeLinksEveryGuide() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    for (Path page : pages()) {
      if (page.getParent().getFileName().toString().equals("docs")) {
        assertThat(readme).as("the README's link to " + page.getFileName()).contains("](docs/" + page.getFileName() + ")");
      }
    }
  }

  @Test
  void noPageSendsTheReaderOutsideTheRepository() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path page : pages()) {
      List<String> lines = Files.readAllLines(page);
      for (int i = 0; i < lines.size(); i++) {
        for (String outside : OUTSIDE) {
          if (lines.get(i).contains(outside)) {
            found.add(ROOT.relativize(page) + ":" + (i + 1) + " mentions " + outside);
          }
        }
      }
    }
    assertThat(found).isEmpty();
  }

  @Test
  void theStoresGuideWiringIsTheCompiledOne() throws IOException {
    List<String> guide = Files.readAllLines(ROOT.resolve("docs/stores.md"));
    int section = guide.indexOf("## Several processes: the change feed");
    assertThat(section).as("the guide's section").isNotNegative();
    String snippet = QuickStartTest.between(guide.subList(section, guide.size()), "```java", "```");
    String source = QuickStartTest.between(Files.readAllLines(ROOT.resolve(
        "examples/src/main/java/dev/loadout/examples/SharedStores.java")), "// stores:start", "// stores:end");
    assertThat(snippet).isEqualTo(source);
  }
}
