package dev.loadout.tools.web.search;

import dev.loadout.core.search.SearchFunction;
import dev.loadout.core.search.SearchHit;
import dev.loadout.core.search.SearchException;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A scripted MCP search function: a fixed label (null: label() throws) and a queue of answers. */
final class FakeSearchFunction implements SearchFunction {
  private final Optional<String> label;
  private final List<Object> answers = new ArrayList<>();
  final List<String> queries = new ArrayList<>();

  FakeSearchFunction(Optional<String> label) {
    this.label = label;
  }

  /** Answers the next search with these hits, or throws it if it is an exception. */
  FakeSearchFunction then(Object answer) {
    answers.add(answer);
    return this;
  }

  @Override
  public Optional<String> label(TurnContext context) {
    if (label == null) {
      throw new IllegalStateException("pool state unreadable");
    }
    return label;
  }

  @Override
  @SuppressWarnings("unchecked")
  public List<SearchHit> search(String query, int count, TurnContext context) throws SearchException {
    queries.add(query + "|" + count);
    Object next = answers.isEmpty() ? List.of() : answers.remove(0);
    if (next instanceof SearchException e) {
      throw e;
    }
    if (next instanceof RuntimeException e) {
      throw e;
    }
    return (List<SearchHit>) next;
  }
}
