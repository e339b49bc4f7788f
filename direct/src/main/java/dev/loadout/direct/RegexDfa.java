package dev.loadout.direct;

import dev.loadout.direct.RegexSyntax.Alt;
import dev.loadout.direct.RegexSyntax.Chars;
import dev.loadout.direct.RegexSyntax.Concat;
import dev.loadout.direct.RegexSyntax.Node;
import dev.loadout.direct.RegexSyntax.Repeat;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A deterministic automaton that answers "could this keyword regex match the whole message?" in one pass of a
 * table lookup per character, so RE2J only runs on messages it may match.
 *
 * <p>Why: RE2J has no DFA. Its NFA simulation costs tens of nanoseconds per character per rule, so a message
 * that contains every rule's required text but matches none (say {@code ^.*?查询\s*(.+)$} against 500 characters)
 * took most of the routing budget. RE2 itself runs a DFA first and the NFA only for the submatches; this is that
 * first step. The automaton accepts a superset of RE2's matches (see {@link RegexSyntax}), so "no" is always
 * right and "maybe" falls through to RE2J, which decides and extracts the groups.
 *
 * <p>The automaton is built eagerly when the rule is saved and is immutable afterwards, so routing threads share
 * it without locks. Saved patterns are small (160 characters, counted repetition at most 64, expansion at most
 * 256), but determinising can still blow up ({@code .*a.{20}} needs 2²⁰ states); past {@link #MAX_CELLS} table
 * cells the rule simply goes without the filter.
 */
final class RegexDfa {
  /** Table cells (states × character classes) one rule may use: 256 KiB of ints. */
  static final int MAX_CELLS = 1 << 16;
  private static final int DEAD = 0;

  /** Class boundaries: class k holds code points in [bounds[k-1], bounds[k]); class 0 starts at 0. */
  private final int[] bounds;
  private final int[] asciiClass;
  private final int classes;
  private final int[] next;
  private final boolean[] accepting;
  private final int start;

  private RegexDfa(int[] bounds, int[] asciiClass, int classes, int[] next, boolean[] accepting, int start) {
    this.bounds = bounds;
    this.asciiClass = asciiClass;
    this.classes = classes;
    this.next = next;
    this.accepting = accepting;
    this.start = start;
  }

  /** The automaton of a compiled pattern, or null when the pattern is not modelled or too big to determinise. */
  static RegexDfa of(String pattern) {
    return of(RegexSyntax.parse(pattern));
  }

  /** The automaton of a {@link RegexSyntax} tree; null for a null tree or one too big to determinise. */
  static RegexDfa of(Node tree) {
    return tree == null ? null : build(tree);
  }

  /** False only when the pattern cannot match the whole of {@code text}. */
  boolean mayMatch(String text) {
    int state = start;
    int n = text.length();
    for (int i = 0; i < n; ) {
      int c = text.charAt(i);
      int cls;
      if (c < 0x80) {
        cls = asciiClass[c];
        i++;
      } else {
        c = text.codePointAt(i);
        i += Character.charCount(c);
        cls = classOf(c);
      }
      state = next[state * classes + cls];
      if (state == DEAD) {
        return false;
      }
    }
    return accepting[state];
  }

  private int classOf(int c) {
    int k = Arrays.binarySearch(bounds, c);
    return k >= 0 ? k + 1 : -k - 1;
  }

  // ---- construction: Thompson NFA, then subset construction over character classes ----

  /** NFA: per state, a character set (index into sets) and one successor, or epsilon edges. */
  private static final class Nfa {
    final List<Chars> sets = new ArrayList<>();
    final List<int[]> eps = new ArrayList<>(); // epsilon successors per state
    final List<Integer> charSet = new ArrayList<>(); // -1: no character edge
    final List<Integer> charNext = new ArrayList<>();

    int state() {
      eps.add(new int[0]);
      charSet.add(-1);
      charNext.add(-1);
      return eps.size() - 1;
    }

    void epsilon(int from, int to) {
      int[] old = eps.get(from);
      int[] grown = Arrays.copyOf(old, old.length + 1);
      grown[old.length] = to;
      eps.set(from, grown);
    }

    /** Builds {@code n} between a new entry state and {@code exit}; returns the entry. */
    int build(Node n, int exit) {
      if (n instanceof Chars c) {
        int s = state();
        sets.add(c);
        charSet.set(s, sets.size() - 1);
        charNext.set(s, exit);
        return s;
      }
      if (n instanceof Concat c) {
        int entry = exit;
        for (int k = c.parts().size() - 1; k >= 0; k--) {
          entry = build(c.parts().get(k), entry);
        }
        if (entry == exit) {
          int s = state();
          epsilon(s, exit);
          return s;
        }
        return entry;
      }
      if (n instanceof Alt a) {
        int s = state();
        for (Node choice : a.choices()) {
          epsilon(s, build(choice, exit));
        }
        return s;
      }
      Repeat r = (Repeat) n;
      int entry = exit;
      if (r.max() < 0) {
        // node* before exit: a loop state that may enter the node or leave.
        int loop = state();
        epsilon(loop, build(r.node(), loop));
        epsilon(loop, exit);
        entry = loop;
      } else {
        // (max - min) optional copies, innermost last: node (node (node)?)?)?
        for (int k = 0; k < r.max() - r.min(); k++) {
          int opt = state();
          epsilon(opt, build(r.node(), entry));
          epsilon(opt, exit);
          entry = opt;
        }
      }
      for (int k = 0; k < r.min(); k++) {
        entry = build(r.node(), entry);
      }
      if (entry == exit) {
        int s = state();
        epsilon(s, exit);
        return s;
      }
      return entry;
    }
  }

  private static RegexDfa build(Node tree) {
    Nfa nfa = new Nfa();
    int match = nfa.state();
    int first = nfa.build(tree, match);
    if (nfa.eps.size() > MAX_CELLS) {
      return null;
    }

    // Character classes: the coarsest partition of code points that no set in the pattern splits.
    TreeSet<Integer> cuts = new TreeSet<>();
    for (Chars c : nfa.sets) {
      int[] r = c.ranges();
      for (int k = 0; k < r.length; k += 2) {
        cuts.add(r[k]);
        if (r[k + 1] < RegexSyntax.MAX_CODE_POINT) {
          cuts.add(r[k + 1] + 1);
        }
      }
    }
    cuts.remove(0);
    int[] bounds = cuts.stream().mapToInt(Integer::intValue).toArray();
    int classes = bounds.length + 1;
    // Which classes each set covers: test the first code point of the class.
    BitSet[] covers = new BitSet[nfa.sets.size()];
    for (int s = 0; s < covers.length; s++) {
      covers[s] = new BitSet(classes);
      int[] r = nfa.sets.get(s).ranges();
      for (int k = 0; k < classes; k++) {
        int lo = k == 0 ? 0 : bounds[k - 1];
        if (contains(r, lo)) {
          covers[s].set(k);
        }
      }
    }
    int[] asciiClass = new int[0x80];

    // Subset construction; state 0 is the dead (empty) state.
    Map<BitSet, Integer> ids = new HashMap<>();
    List<BitSet> states = new ArrayList<>();
    BitSet dead = new BitSet();
    ids.put(dead, DEAD);
    states.add(dead);
    BitSet initial = closure(nfa, single(first), match);
    int start = ids.computeIfAbsent(initial, k -> {
      states.add(k);
      return states.size() - 1;
    });
    int[] table = new int[Math.min(MAX_CELLS, classes * 8)];
    Deque<Integer> work = new ArrayDeque<>();
    work.add(start);
    while (!work.isEmpty()) {
      int id = work.poll();
      BitSet set = states.get(id);
      for (int k = 0; k < classes; k++) {
        BitSet moved = new BitSet();
        for (int q = set.nextSetBit(0); q >= 0; q = set.nextSetBit(q + 1)) {
          int cs = nfa.charSet.get(q);
          if (cs >= 0 && covers[cs].get(k)) {
            moved.set(nfa.charNext.get(q));
          }
        }
        BitSet target = closure(nfa, moved, match);
        Integer to = ids.get(target);
        if (to == null) {
          to = states.size();
          if ((long) (to + 1) * classes > MAX_CELLS) {
            return null;
          }
          ids.put(target, to);
          states.add(target);
          work.add(to);
        }
        int cell = id * classes + k;
        if (cell >= table.length) {
          table = Arrays.copyOf(table, Math.min(MAX_CELLS, Math.max(cell + 1, table.length * 2)));
        }
        table[cell] = to;
      }
    }
    boolean[] accepting = new boolean[states.size()];
    for (int s = 0; s < accepting.length; s++) {
      accepting[s] = states.get(s).get(match);
    }
    for (int c = 0; c < 0x80; c++) {
      int k = Arrays.binarySearch(bounds, c);
      asciiClass[c] = k >= 0 ? k + 1 : -k - 1;
    }
    return new RegexDfa(bounds, asciiClass, classes, Arrays.copyOf(table, states.size() * classes), accepting,
        start);
  }

  private static BitSet single(int state) {
    BitSet b = new BitSet();
    b.set(state);
    return b;
  }

  /**
   * The states reachable from {@code from} by epsilon edges that matter for what comes next: those with a
   * character edge, and the match state. Leaving out the pure-epsilon states keeps equal futures one DFA state.
   */
  private static BitSet closure(Nfa nfa, BitSet from, int match) {
    BitSet seen = (BitSet) from.clone();
    Deque<Integer> todo = new ArrayDeque<>();
    from.stream().forEach(todo::add);
    while (!todo.isEmpty()) {
      for (int to : nfa.eps.get(todo.poll())) {
        if (!seen.get(to)) {
          seen.set(to);
          todo.add(to);
        }
      }
    }
    BitSet out = new BitSet();
    for (int q = seen.nextSetBit(0); q >= 0; q = seen.nextSetBit(q + 1)) {
      if (q == match || nfa.charSet.get(q) >= 0) {
        out.set(q);
      }
    }
    return out;
  }

  private static boolean contains(int[] ranges, int c) {
    for (int k = 0; k < ranges.length; k += 2) {
      if (c >= ranges[k] && c <= ranges[k + 1]) {
        return true;
      }
    }
    return false;
  }
}
