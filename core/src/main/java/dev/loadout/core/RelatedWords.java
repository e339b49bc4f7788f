package dev.loadout.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@link ToolIndex} also looks for when a query says a word: the words tool descriptions use for what a user says
 * in everyday words. A user "makes" what a tool "creates", asks whether it is "raining" where a tool returns the
 * "weather", wants a "vote" where a tool "polls", "feedback" where a tool reads "comments". (Short forms such as "PR" for
 * pull request are {@link ShortForms}: read as their long form before this table is.)
 *
 * <p>General vocabulary only, in concept clusters: a tool verb and the verbs people use for it, a domain a chat bot's
 * tools commonly cover (weather, money, units, languages, moderation, files, code hosting, tickets, calendars,
 * monitoring, clusters) and the words people use about it. Never a guild's own terms, never a phrase from a query. Each
 * line reads "what a tool says: what a user says"; words are stemmed as {@link ToolIndex#stem} does, so one form stands
 * for all. The table is directed: a user saying "make" also searches "create", but a query saying "create" does not
 * search "make", because tool descriptions use the tool words and the expansion would only add noise.
 */
final class RelatedWords {
  private static final String[] TABLE = {
      // The verbs of tools.
      "create: make new add write start open file put jot draft build raise register book",
      "generate image: draw paint sketch imagine",
      "list: show view see display check",
      "search: find look dig locate hunt lookup seek",
      "update: edit change modify fix adjust correct tweak reschedule alter",
      "delete: remove erase trash wipe scrap discard",
      "cancel: stop undo abort nevermind",
      "send message: dm tell notify text",
      "post: announce publish say",
      "reply comment: answer respond",
      "comment: feedback remark",
      "summary summarize: tl dr tldr recap gist digest catch overview missed",
      "assign: give hand delegate reassign grant",
      "remind reminder: remind reminder ping nudge",
      "remember fact: mind memorize know recall",
      "forget: wipe erase",
      "recall fact: remember know",
      "history: saying said lately earlier who",
      "recent: lately latest recently",
      "compare: difference diff versus vs",
      "retry: rerun redo",
      "schedule: later weekday daily weekly recurring",
      "navigate: go visit browse",
      "click: press tap hit",
      "type: enter fill input",
      "select option: choose dropdown",
      "screenshot: capture snap",
      "export: download",
      "copy: duplicate clone",
      "permission access: who",
      "rollback previous: revert back undo",
      "refund: back reimburse",
      "approve: lgtm approval signoff",
      "append: bottom end",
      "link associate: connect tie relate",
      "share: access viewer collaborator",
      "label: tag",
      "pin: stick",
      "wait: hold until appear appears",
      "invite: join",
      "upload: attach",
      "evaluate: eval",
      "delete: rid",
      "compare: between",
      "status state transition: done closed resolved finished complete progress",
      // Things of the web, media and chat.
      "web search: bing duckduckgo online internet",
      "fetch url page: article link website site webpage blog http https",
      "image: picture photo drawing painting selfie screenshot meme artwork",
      "poll: vote voting survey ballot",
      "reaction emoji: thumbs react upvote emote heart",
      "embed: card panel",
      "gif: animation animated",
      "voice: speak spoken audio tts",
      "transcribe: listen hear transcript dictation",
      "pin: highlight",
      "thread: split side",
      "note: memo jot notebook",
      "direct conversation: dm private chat",
      "conversation message: chat",
      "language translate: english german spanish french italian portuguese dutch polish russian japanese chinese "
          + "korean arabic hindi turkish swedish",
      "define word: meaning mean definition dictionary synonym",
      "wikipedia: wiki encyclopedia",
      "news: headline happening latest breaking story stories",
      // The weather, money, measures, time and places.
      "weather: rain raining rainy sunny sun snow snowing cloudy storm windy hot cold warm umbrella humid degrees",
      "currency: money dollar euro pound yen yuan rupee peso franc usd eur gbp jpy cash exchange",
      "stock quote: ticker market nasdaq nyse invest portfolio",
      "calculate: percent sum plus minus times multiply divide total average math maths equation formula",
      "unit: kilometer km mile meter metre cm inch foot feet yard kg kilogram gram lb ounce liter litre gallon "
          + "celsius fahrenheit kelvin mph",
      "directions route: drive driving walk walking commute distance far travel trip",
      "time: pm oclock hour clock",
      "timer: countdown pomodoro alarm stopwatch",
      "random: pick choose winner raffle lottery shuffle coin flip",
      "code: python javascript js script snippet program execute compile java ruby",
      // Moderation.
      "timeout: mute silence shush quiet",
      "ban: banish permaban",
      "kick: boot eject",
      "warn: warning strike",
      "purge bulk: clean wipe clear flood flooded nuke mass",
      "slowmode slow: spam spamming calm flood chill throttle",
      "lock: freeze shut lockdown",
      "role: rank badge",
      "audit log: who happened",
      // Files, code hosting and tickets.
      "file: txt yaml yml json csv md py log xml readme",
      "read contents: inside open cat",
      "write: save store overwrite",
      "directory: folder",
      "folder: directory",
      "tree: structure hierarchy layout",
      "move: rename",
      "repository: repo",
      "pipeline: ci build",
      "commit: push pushed",
      "issue: bug ticket problem defect",
      "sql query: database table rows",
      "error: crash crashing exception stacktrace",
      // Platforms by the kind of thing they are: a user says "the CRM", the tool says HubSpot.
      "hubspot: crm",
      "confluence: wiki",
      "filesystem: disk local",
      "browser: tab",
      "kubernetes: cluster",
      // Calendars, documents, sales, payments, monitoring, clusters.
      "event: meeting meet appointment party lunch dinner",
      "recurring: repeating repeat",
      "free: available availability busy slot",
      "office: holiday vacation pto leave away",
      "respond: accept decline rsvp",
      "attendee: invite guest participant",
      "spreadsheet sheet: excel column cell row",
      "presentation: slides slide deck powerpoint ppt",
      "contact: lead person client customer prospect",
      "company: account organization business firm",
      "owner: rep salesperson",
      "sequence: drip nurture cadence",
      "member: maintainer developer collaborator",
      "branch: hotfix",
      "qr: scan scannable barcode",
      "deal: opportunity sale",
      "call: called phoned phone rang",
      "balance: money cash funds",
      "invoice: bill billing",
      "coupon: discount promo voucher code",
      "dispute: chargeback",
      "subscription: plan membership",
      "metric: cpu usage latency graph chart load throughput",
      "monitor alert: alert alarm firing alerting paging",
      "downtime: maintenance",
      "incident: outage",
      "status: crashing crash failing broken healthy away afk",
      "scale replicas: resize bump",
      "restart: reboot bounce"};

  /** By stem: the stems a query saying it also searches. */
  static final Map<String, List<String>> BY_STEM = parse();

  private RelatedWords() {}

  private static Map<String, List<String>> parse() {
    Map<String, List<String>> out = new HashMap<>();
    for (String line : TABLE) {
      int colon = line.indexOf(':');
      List<String> targets = stems(line.substring(0, colon));
      for (String word : stems(line.substring(colon + 1))) {
        List<String> list = out.computeIfAbsent(word, w -> new ArrayList<>());
        for (String t : targets) {
          if (!t.equals(word) && !list.contains(t)) {
            list.add(t);
          }
        }
      }
    }
    out.replaceAll((w, l) -> List.copyOf(l));
    return Map.copyOf(out);
  }

  private static List<String> stems(String words) {
    List<String> out = new ArrayList<>();
    for (String w : words.strip().split(" +")) {
      out.add(ToolIndex.stem(w.toLowerCase(Locale.ROOT)));
    }
    return out;
  }
}
