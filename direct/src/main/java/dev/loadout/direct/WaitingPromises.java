package dev.loadout.direct;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the sentences of a reply that promise a lookup the bot will never make, in English and Chinese.
 *
 * <p><b>The rule.</b> A sentence is a fake waiting promise only when all of these hold:
 * <ol>
 *   <li>it promises future work: a first-person lookup in the future or in progress ("let me check", "I'll look
 *       into it", "I'm searching", "我查一下", "我帮你看看", "正在查询") or a request to wait ("one moment", "hold
 *       on", "稍等", "等一下"); past and finished work ("I checked", "我查了", "查到了") is not a promise;</li>
 *   <li>it is a statement: a question or an offer ("Should I look it up?", "要我帮你查吗？") promises nothing;</li>
 *   <li>it carries no answer content: no digit anywhere, and every clause of it is either the promise itself or
 *       a filler ("Sure", "Good question", "好的", "嗯"); any other clause ("it's open until 9", "是东京") is
 *       content, and so is anything quoted or in code, which is never read as the bot's own promise.</li>
 * </ol>
 * The rule errs towards keeping text: a promise that mentions a number ("give me 2 minutes") is kept, because a
 * real answer is far costlier to lose than a stray promise is to post. Lines inside fenced code blocks and block
 * quotes ({@code > …}) are never touched.
 */
final class WaitingPromises {
  private static final String EN_VERB = "(?:check|look|search|find|see|verify|google|dig|pull|fetch|confirm|research"
      + "|investigate|double-check|think|(?:take|have) a (?:quick |closer )?look|get back|find out|let you know"
      + "|report back)";
  /** A first-person lookup, promised or under way ("let me check", "I'll look into it", "I'm searching"). */
  private static final Pattern EN_CUE = Pattern.compile("(?iu)"
      + "\\b(?:let me|lemme|allow me to)(?: just| quickly| first| now| go| also)? " + EN_VERB + "\\b"
      + "|\\bi(?:'ll| will|'m going to|'m gonna| am going to| am gonna| shall)(?: just| quickly| go| now| also| first)? "
      + EN_VERB + "\\b"
      + "|\\bi'?m (?:now |currently |just |still )?(?:checking|searching|digging|fetching|verifying|researching"
      + "|pulling (?:it |that )?up|looking (?:it |that |this |them )?(?:up|into)|on it)\\b");
  /**
   * A request to wait, or a bare progress word: only as a clause of its own ("One moment, …", "Checking now…"),
   * so "one second is enough" and "searching is free" say something else.
   */
  private static final Pattern EN_WAIT = Pattern.compile("(?iu)^(?:please )?(?:"
      + "(?:give|gimme|allow) (?:me )?(?:a|one) (?:moment|sec|second|minute|min|bit)|gimme a (?:moment|sec|second|minute|min|bit)"
      + "|(?:one|just a|wait a) (?:moment|sec|second|minute)|hold on(?! to)|hang on(?! to)|hang tight|bear with me|stand by"
      + "|please wait|wait|working on it|on it|checking|searching|looking (?:it |that )?up)"
      + "(?: (?:a|one) (?:moment|sec|second|minute|bit))?(?: (?:please|now|for me))?(?: (?:while|to|and|so)\\b.*)?$");
  /**
   * A first-person lookup in Chinese, right after who promises ("我查一下", "我帮你看看", "让我确认"), or after
   * 去/来 and a short object ("我去官网看一眼"); finished work (查了, 查过, 查到) is not a promise; then the requests
   * to wait and the progress words.
   */
  private static final Pattern ZH_CUE = Pattern.compile(
      "(?:(?:让我|容我|等我|我)(?:这边|这就|马上|现在|立刻|先|再|得)?(?:去|来|帮你|给你|帮您|给您)?|马上(?:帮你|给你|去)?"
          + "|这就(?:去|帮你)?)"
          + "(?:(?:查|搜|找|问|翻|盯|测|瞅|核实|确认|检索|查询|搜索|检查|打听|搜罗|了解)(?![了过到])|看(?:看|一下|下|一眼)"
          + "|想(?:想|一下))"
          + "|我(?:先|再|这就|马上)?(?:去|来)\\p{IsHan}{1,3}?"
          + "(?:看(?:看|一下|下|一眼)|(?:查|搜|找|问|翻)(?:一下|查|搜|找|问|看)|(?:确认|核实|检查)一下)"
          + "|稍等|稍候|请稍|等一下|等一等|等等(?!我们)|等我一下|稍等片刻"
          + "|正在(?:帮你|为你|给你|帮您)?(?:查|搜|检索|查询|查找|搜索|确认|核实|翻|检查|看)"
          + "|(?:查询|搜索|检索|查找)中|回头告诉你|待会儿?告诉你|一会儿?告诉你|有消息(?:再)?告诉你|马上回来");
  private static final Pattern DIGIT = Pattern.compile("[0-9０-９]");
  private static final Pattern CLAUSES = Pattern.compile(
      "(?iu)[,，、:：;；—–]|\\.\\.\\.|…+|\\s+-\\s+|\\b(?:but|though|however|although)\\b|但是|不过|可是|但");
  /** Quoted or code spans: what they say is content, never the bot's own promise. */
  private static final Pattern QUOTED = Pattern.compile(
      "`[^`\\n]*`|\"[^\"\\n]*\"|“[^”\\n]*”|「[^」\\n]*」|『[^』\\n]*』|‘[^’\\n]*’|《[^》\\n]*》");
  private static final Pattern EDGE_PUNCTUATION = Pattern.compile("^[\\s\\p{P}\\p{S}]+|[\\s\\p{P}\\p{S}]+$");
  private static final Set<String> FILLERS = Set.of("sure", "sure thing", "ok", "okay", "okie", "alright", "all right",
      "of course", "certainly", "absolutely", "good question", "great question", "interesting question",
      "nice question", "good one", "hmm", "hm", "hmmm", "um", "uh", "well", "yes", "yeah", "yep", "no problem",
      "got it", "right", "oh", "ah", "i see", "noted", "sounds good", "好的", "好", "好嘞", "好哒", "嗯", "嗯嗯", "哦", "噢",
      "啊", "行", "可以", "没问题", "收到", "当然", "当然可以", "好问题", "这个嘛", "这个", "那个", "诶", "欸", "好呀", "好啊");

  private WaitingPromises() {}

  /** The text without its promise sentences, as written otherwise; potentially empty. */
  static Result remove(String text) {
    StringBuilder kept = new StringBuilder(text.length());
    boolean removed = false;
    boolean inFence = false;
    for (String line : text.split("(?<=\n)", -1)) {
      String bare = line.strip();
      if (bare.startsWith("```")) {
        inFence = !inFence;
        kept.append(line);
        continue;
      }
      if (inFence || bare.startsWith(">")) {
        kept.append(line);
        continue;
      }
      String rest = line;
      while (!rest.isEmpty()) {
        int end = Math.max(1, Sentences.firstEnd(rest));
        // A thought that trails off ("Let me think... it's 42.") goes on into the next sentence: one utterance.
        while (end < rest.length() && trailsOff(rest.substring(0, end)) && !rest.substring(end).isBlank()) {
          end += Math.max(1, Sentences.firstEnd(rest.substring(end)));
        }
        if (end < rest.length() && (rest.charAt(end) == '\n' || rest.charAt(end) == '\r')) {
          end++;
        }
        String sentence = rest.substring(0, end);
        if (isPromise(sentence)) {
          removed = true;
          if (sentence.endsWith("\n")) {
            kept.append('\n');
          }
        } else {
          kept.append(sentence);
        }
        rest = rest.substring(end);
      }
    }
    return new Result(kept.toString(), removed);
  }

  private static boolean trailsOff(String sentence) {
    String t = sentence.stripTrailing();
    return t.endsWith("...") || t.endsWith("…");
  }

  /** What {@link #remove} kept, and whether it removed anything. */
  record Result(String text, boolean removed) {}

  /** Whether one sentence is a fake waiting promise (see the class rule). */
  static boolean isPromise(String sentence) {
    String s = QUOTED.matcher(sentence).replaceAll("\u25c7").strip();
    if (s.isEmpty() || s.indexOf('\u25c7') >= 0 || isQuestion(s)) {
      return false;
    }
    if (DIGIT.matcher(s).find()) {
      return false;
    }
    boolean cue = false;
    for (String clause : CLAUSES.split(s)) {
      String c = EDGE_PUNCTUATION.matcher(clause).replaceAll("");
      if (c.isEmpty()) {
        continue;
      }
      if (hasCue(c)) {
        cue = true;
      } else if (!isFiller(c)) {
        return false;
      }
    }
    return cue;
  }

  /** Whether every sentence of the text is a filler ("Sure!", "好问题！"), so nothing of substance is said. */
  static boolean onlyFiller(String text) {
    String rest = text.strip();
    if (rest.isEmpty()) {
      return true;
    }
    List<String> parts = new ArrayList<>();
    while (!rest.isEmpty()) {
      int end = Math.max(1, Sentences.firstEnd(rest));
      parts.add(rest.substring(0, end));
      rest = rest.substring(end).strip();
    }
    for (String part : parts) {
      for (String clause : CLAUSES.split(part)) {
        String c = EDGE_PUNCTUATION.matcher(clause).replaceAll("");
        if (!c.isEmpty() && !isFiller(c)) {
          return false;
        }
      }
    }
    return true;
  }

  /** Whether one clause promises a lookup or asks to wait. */
  static boolean hasCue(String clause) {
    return EN_CUE.matcher(clause).find() || EN_WAIT.matcher(clause).matches() || ZH_CUE.matcher(clause).find();
  }

  private static boolean isFiller(String clause) {
    return FILLERS.contains(clause.toLowerCase(Locale.ROOT).replaceAll("\\s+", " "));
  }

  private static boolean isQuestion(String s) {
    Matcher m = EDGE_PUNCTUATION.matcher(s);
    String bare = m.replaceAll("");
    return s.endsWith("?") || s.endsWith("？") || bare.endsWith("吗") || bare.endsWith("么") || bare.endsWith("呢");
  }
}
