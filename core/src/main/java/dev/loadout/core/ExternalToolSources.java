package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * Supplies the external tool sources of a turn (a guild's MCP servers, say) to
 * {@link Loadout#prepare(TurnContext)}.
 *
 * <h2>The collision and replacement policy</h2>
 * Applied on every turn, in one place, to what this returns:
 * <ol>
 *   <li>A disabled source offers nothing.</li>
 *   <li>The tools an enabled source names as hidden ({@link ToolSource#hidden()}) are listed in
 *       {@link PreparedTurn#hidden()} with the source's reasons.</li>
 *   <li>An external tool whose name is a reserved built-in name is dropped (hidden with code
 *       {@code name_reserved}), with one warning per source and name; except the built-in's replacement: a tool
 *       named like a built-in of family F, offered by the only enabled source (with tools) replacing F, such as a
 *       {@code url_fetcher} server's own {@code fetch_url}.</li>
 *   <li>A name offered by exactly one {@link ToolSource.Level#HOST host} source and any number of
 *       {@link ToolSource.Level#GUILD guild} sources is kept from the host source and hidden from the guild
 *       sources ({@code name_taken_by_host}): what the operator configured for the whole bot outranks what a
 *       guild registered.</li>
 *   <li>Any other name offered by two or more sources (two host sources, or two guild sources and no host
 *       source) is dropped from all of them ({@code name_ambiguous}): an administrator must fix the
 *       registrations; Loadout never guesses.</li>
 *   <li>For each family, if exactly one enabled source declaring it as its replacement family still
 *       offers at least one tool, the family resolves to that source's tools; with two such sources, neither
 *       replaces anything.</li>
 *   <li>The built-ins of a replaced family are hidden ({@code replaced_by_source}) only on a turn that shows at
 *       least one of the replacing tools (after availability and assembly); on a turn where every replacing tool
 *       is hidden (a switch set off, a permission missing), the built-ins are offered as if nothing replaced
 *       them, so a registered replacement never leaves a turn with no tool of its family.</li>
 * </ol>
 * The same resolution, as it stands on the turn, answers {@link PreparedTurn#familyToolNames(String)},
 * {@link PreparedTurn#hasFamily(String)} and the {@code {family_tool}} prompt macros of
 * {@link PreparedTurn#expandMacros(String)}; availability filters see the replacing names before they decide
 * ({@link FamilyReplacements}), so family-keyed rules such as deliberate mode's URL intent admit them.
 *
 * <p>Return the same list instance while nothing changed: Loadout keeps the last resolution and reuses
 * it when the list and the registry version are unchanged, which keeps warm turns cheap.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface ExternalToolSources {
  /** No external tools. */
  ExternalToolSources NONE = context -> List.of();

  /**
   * The sources for this turn; never null.
   *
   * @param context the turn
   */
  List<ToolSource> sourcesFor(TurnContext context);
}
