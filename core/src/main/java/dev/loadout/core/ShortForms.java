package dev.loadout.core;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Short forms chat users type and the words they stand for, which {@link ToolIndex} reads as those words on both sides
 * (query and tool text) and at full weight: a "repo" is a repository, a "PR" a pull request, "rn" is now, "gcal" is
 * Google Calendar. Unlike {@link RelatedWords}, which adds words a user's word suggests at half weight, a short form
 * means exactly its long form, so nothing is lost by reading it as that.
 *
 * <p>General chat and developer shorthand only, never a guild's own names. Words are lower-case and whole: a short
 * form matches a word as the text splits it, before stop words and stems. Left out: a short form that is also a part
 * of text people paste ("org", which every ".org" address holds).
 */
final class ShortForms {
  private static final String[] TABLE = {
      // Chat shorthand.
      "rn: now", "msg msgs: message", "convo convos: conversation",
      "pic pics: picture", "img: image", "vid vids: video", "ppl: people", "tmrw tmr tmw: tomorrow",
      "mtg mtgs: meeting", "min mins: minute", "hr hrs: hour", "sec secs: second", "info: information",
      "addr: address", "acct: account", "num: number", "pw pwd: password",
      "proj: project",
      // Developer shorthand.
      "pr prs: pull request", "mr mrs: merge request", "db: database", "dir dirs: directory",
      "doc docs: document", "config: configuration", "env: environment", "prod: production", "kube kubectl: kubernetes",
      "mkdir: make directory", "rmdir: remove directory", "rm: remove", "mv: move", "cp: copy", "ls: list",
      // Products people shorten.
      "gcal: google calendar", "gdrive: google drive", "gh: github", "gsheet gsheets: google sheet"};

  /** By short form (lower case): the words it stands for, in order. */
  static final Map<String, List<String>> LONG = parse();

  private ShortForms() {}

  private static Map<String, List<String>> parse() {
    Map<String, List<String>> out = new HashMap<>();
    for (String line : TABLE) {
      int colon = line.indexOf(':');
      List<String> words = List.of(line.substring(colon + 1).strip().split(" +"));
      for (String shortForm : line.substring(0, colon).strip().split(" +")) {
        out.put(shortForm, words);
      }
    }
    return Map.copyOf(out);
  }
}
