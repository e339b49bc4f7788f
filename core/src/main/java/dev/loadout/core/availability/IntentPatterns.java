package dev.loadout.core.availability;

import com.google.re2j.Pattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The built-in English phrases of each intent family, written after TomoriBot's behaviour (§1.14 of the
 * reference notes) as RE2 expressions. They aim at requests ("draw me a cat", "remind me in 10 minutes",
 * "look up today's news"), accept some false positives, and are deliberately blunt: hosts refine them
 * with {@link IntentTriggers}, not by editing these.
 *
 * <p>The alternatives of a family are joined into one expression so a message is scanned about once per
 * family; a rule that needs two facts (a URL and a reading verb) is a list of expressions that must all
 * match. RE2 has no look-around, so the phrases stay simple.
 */
final class IntentPatterns {
  private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.DOTALL;

  /** One rule: every pattern must be found. */
  private record Rule(IntentFamily family, List<Pattern> allOf) {
    boolean matches(String text) {
      for (Pattern p : allOf) {
        if (!p.matcher(text).find()) {
          return false;
        }
      }
      return true;
    }
  }

  private static final String APOS = "['\u2019]?";
  private static final String IMG_NOUN = "(?:image|picture|photo|pic|img|pfp|drawing|illustration|portrait|wallpaper)s?|artwork";
  private static final String MEDIA_NOUN = "(?:image|picture|photo|pic|img|pfp|avatar|profile\\s+picture|gif|video|attachment|file"
      + "|document|pdf|screenshot)s?|youtube";
  private static final String MAKE = "generate|create|make|draw|paint|sketch|render|design";
  private static final String REQUEST = "(?:can|could|may)\\s+(?:i|we)\\s+(?:have|get)|(?:send|give|show)\\s+(?:me|us)"
      + "|(?:i|we)\\s+(?:want|would\\s+like|need|could\\s+use)";
  private static final String RELATIVE_TIME = "\\b(?:in|after|for)\\s+(?:about\\s+|around\\s+|another\\s+|a\\s+)?\\d+\\s*"
      + "(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?)\\b";

  static final List<Pattern> SELF_DIAGNOSIS = List.of(any(
      "\\b(?:what|which)\\s+(?:ai\\s+|llm\\s+|language\\s+)?(?:model|llm|provider)\\b",
      "\\b(?:model|llm|provider)\\s+(?:are|do)\\s+you\\b",
      "\\b(?:is|are)\\b.{0,60}\\b(?:enabled|disabled|turned\\s+(?:on|off)|configured|supported)\\b",
      "\\bwhy\\b.{0,30}\\b(?:can" + APOS + "t|cannot|can\\s+not|couldn" + APOS + "t|won" + APOS + "t|wouldn" + APOS + "t|didn"
          + APOS + "t|did\\s+not|don" + APOS + "t|do\\s+not|doesn" + APOS + "t|does\\s+not|isn" + APOS + "t|aren" + APOS
          + "t|never)\\s+(?:you|u|it|the\\s+bot)\\b",
      "\\bwhy\\s+(?:do|did|does|are|is|were|was|would|will)\\s+(?:you|u|the\\s+bot)\\b",
      "\\bhow\\s+(?:does|do|is|are|can)\\b.{0,60}\\b(?:you|your|bot|memory|memories|search|tools?|commands?|settings?|model"
          + "|reminders?|images?|voice|features?|permissions?)\\b.{0,40}\\bwork",
      "\\b(?:your|the\\s+bot" + APOS + "s)\\s+(?:model|settings|tools|config(?:uration)?|capabilities|limits|permissions)\\b",
      "\\bdo\\s+you\\s+(?:have|support)\\s+(?:access\\s+to\\s+)?(?:any\\s+)?(?:tools?|web\\s+search|search|memory|vision"
          + "|image\\s+generation|voice)\\b"));

  static final List<Pattern> FOLLOW_UP = List.of(any(
      "\\b(?:do|try|make|send|say|generate|run|repeat|redo)\\b.{0,80}\\b(?:that|it|this|one|again|same)\\b",
      "\\buse\\s+(?:that|it|this|one|the\\s+same)\\b",
      "\\b(?:that|it|this|one)\\b.{0,60}\\b(?:but|with|except)\\b",
      "\\bagain\\b",
      "\\b(?:same\\s+thing|like\\s+that|one\\s+more|another\\s+one)\\b",
      "\\b(?:pretty\\s+please|please|pls|plz)\\b"));

  private static final List<Rule> RULES = List.of(
      rule(IntentFamily.SEARCH, any("\\b(?:search|web\\s*search|look\\s+(?:it\\s+|that\\s+|this\\s+)?up|google|browse|latest"
          + "|news|up[- ]?to[- ]?date|current|currently|today|recent)\\b")),
      rule(IntentFamily.URL_READING, any("\\b(?:fetch|(?:read|open|summari[sz]e|check|visit)\\s+(?:this|that|the)\\s+"
          + "(?:url|link|page|site|website|article))\\b")),
      rule(IntentFamily.URL_READING, Pattern.compile("\\bhttps?://\\S", FLAGS), any("\\b(?:summari[sz]e|read|inspect"
          + "|analy[sz]e|fetch|open|browse|check|look\\s+at|what" + APOS + "s\\s+(?:this|on|in)|what\\s+is\\s+(?:this|on|in)"
          + "|tell\\s+me\\s+about)\\b")),
      rule(IntentFamily.MEMORY, any("\\b(?:remember|forget|(?:save|store)\\s+(?:this|that|it)|(?:delete|update|edit|change"
          + "|clear)\\s+(?:(?:this|that|your|my|the)\\s+)?memor(?:y|ies))\\b")),
      rule(IntentFamily.MEDIA_ANALYSIS, any(
          "\\b(?:look\\s+at|analy[sz]e|inspect|describe|examine|what" + APOS + "s\\s+in|what\\s+is\\s+in)\\b.{0,120}\\b(?:"
              + MEDIA_NOUN + ")\\b",
          "\\b(?:" + MEDIA_NOUN + ")\\b.{0,120}\\b(?:look\\s+at|analy[sz]e|inspect|describe|examine|summari[sz]e|read)\\b")),
      rule(IntentFamily.IMAGE, any(
          "\\b(?:" + MAKE + ")\\b.{0,80}\\b(?:" + IMG_NOUN + ")\\b",
          "\\b(?:draw|paint|sketch)\\s+(?:me\\s+|us\\s+)?(?:a|an|some|the)\\b",
          "\\b(?:" + REQUEST + ")\\b.{0,80}\\b(?:image|picture|photo|pic|img)s?\\b")),
      rule(IntentFamily.VIDEO, any(
          "\\b(?:" + MAKE + "|animate|film)\\b.{0,80}\\b(?:videos?|clips?|animations?)\\b",
          "\\b(?:" + REQUEST + ")\\b.{0,80}\\bvideos?\\b")),
      rule(IntentFamily.VOICE, any(
          "\\b(?:voice|audio|spoken)\\s+(?:message|note|memo|reply|version)s?\\b",
          "\\b(?:send|say|speak|record|make|generate|create)\\b.{0,80}\\b(?:voice|audio|speech)\\b",
          "\\bvoice\\b.{0,80}\\b(?:please|instead|again|too|also)\\b",
          "\\b(?:as|via|through|with|in)\\s+(?:a\\s+|your\\s+)?(?:voice|audio)\\b",
          "\\bout\\s+loud\\b")),
      rule(IntentFamily.REMINDER, any(
          "\\b(?:remind|ping|notify|nudge|poke)\\s+(?:me|us|them|him|her|everyone)\\b",
          "\\b(?:remind|ping|notify|nudge)\\s+<?@",
          "\\bwake\\s+(?:me|us|them|him|her)\\s+up\\b",
          "\\b(?:set|create|make|start|schedule|add|put)\\b.{0,80}\\b(?:reminders?|timers?|alarms?|tasks?)\\b",
          "\\b(?:cancel|delete|remove|stop|reschedule|move|postpone|change|update|edit|snooze)\\b.{0,80}\\b(?:reminders?"
              + "|timers?|alarms?|tasks?)\\b")),
      rule(IntentFamily.REMINDER, any("\\b(?:tell|let\\s+(?:me|us)\\s+know|message|alert)\\b"), any(RELATIVE_TIME)),
      rule(IntentFamily.MESSAGE_ACTION, any(
          "\\b(?:react(?:\\s+to)?|reply\\s+to|delete|pin|unpin|edit|manage|quote)\\b.{0,80}\\b(?:message|post|that|it)\\b",
          "\\b(?:metadata|message\\s+id|message\\s+link|jump\\s+link|timestamp)\\b",
          "\\b(?:when|what\\s+time)\\b.{0,80}\\b(?:was|did)\\b.{0,80}\\b(?:sent|posted)\\b",
          "\\b(?:who|which\\s+user)\\b.{0,80}\\b(?:sent|posted|said|wrote)\\b")),
      rule(IntentFamily.CROSS_CHANNEL, any(
          "\\bcross[-_\\s]?channel\\b",
          "\\b(?:send|post|say|tell|ask|message|write)\\b.{0,120}\\b(?:in|to|into)\\s+(?:<#\\d+>|#[^\\s#]+)",
          "\\b(?:send|post|say|tell|ask|message|write|peek|check|read|look)\\b.{0,120}\\b(?:another|other|different"
              + "|specific)\\s+(?:channel|thread)\\b",
          "\\b(?:peek|check|read|look)\\b.{0,100}<#\\d+>")),
      rule(IntentFamily.STICKER, any(
          "\\b(?:send|use|pick|choose|select|add)\\b.{0,80}\\bstickers?\\b",
          "\\bstickers?\\b.{0,80}\\b(?:please|pls|plz|too|also|instead)\\b")),
      rule(IntentFamily.THREAD, any("\\b(?:create|make|start|open)\\b.{0,80}\\bthreads?\\b")),
      rule(IntentFamily.CAPABILITIES, any("\\b(?:capabilities|what\\s+can\\s+you\\s+do|available\\s+(?:tools|commands|settings"
          + "|features)|review\\s+(?:your\\s+)?(?:capabilities|settings|tools)|list\\s+(?:your\\s+)?(?:tools|commands))\\b")),
      rule(IntentFamily.USER_BLOCKING, any(
          // A capitalised word after the verb is taken as a name ("mute Alice"), so "block of text" stays out.
          "\\b(?:un)?(?:block|mute)\\s+(?:him|her|them|this\\s+(?:user|person|guy)|that\\s+(?:user|person|guy)|the\\s+user"
              + "|user|<?@|(?-i:\\p{Lu}))",
          "\\b(?:user\\s+block|block\\s*list|lift\\s+the\\s+block|stop\\s+ignoring|unblock)\\b")),
      rule(IntentFamily.USER_INFO, any(
          "\\bcall\\s+me\\s+\\S",
          "\\b(?:set|change|update|clear|remove|reset|fix)\\s+my\\s+(?:name|nickname|nick|pronouns?|honorific|title"
              + "|time\\s*zone|utc\\s*offset|birthday|gender)\\b",
          "\\bmy\\s+(?:pronouns|time\\s*zone|utc\\s*offset|birthday)\\s+(?:are|is)\\b")));

  private IntentPatterns() {}

  /**
   * Adds each built-in family whose phrases occur in the text. A self-diagnostic question matches only
   * {@link IntentFamily#SELF_DIAGNOSIS}: "why can't you generate images?" asks about the bot, it does not
   * ask for an image or a web search.
   */
  static void matchInto(String text, Map<IntentFamily, String> out) {
    if (anyFound(SELF_DIAGNOSIS, text)) {
      out.putIfAbsent(IntentFamily.SELF_DIAGNOSIS, "built-in phrases");
      return;
    }
    for (Rule r : RULES) {
      if (!out.containsKey(r.family()) && r.matches(text)) {
        out.put(r.family(), "built-in phrases");
      }
    }
  }

  static boolean anyFound(List<Pattern> patterns, String text) {
    for (Pattern p : patterns) {
      if (p.matcher(text).find()) {
        return true;
      }
    }
    return false;
  }

  private static Rule rule(IntentFamily family, Pattern... allOf) {
    return new Rule(family, List.of(allOf));
  }

  private static Pattern any(String... alternatives) {
    List<String> parts = new ArrayList<>(alternatives.length);
    for (String a : alternatives) {
      parts.add("(?:" + a + ")");
    }
    return Pattern.compile(String.join("|", parts), FLAGS);
  }
}
