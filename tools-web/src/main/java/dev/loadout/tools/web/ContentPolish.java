package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * The last passes over the chosen content, once {@link ContentCleaner} has removed what it judges block by
 * block: rules that need to see the content as a sequence of blocks. Each walks the leaf blocks (blocks
 * without block children) once, in document order, and adds what it removes to the pass's dropped set.
 *
 * <ul>
 *   <li>Repeated labels: a short line that appears three times or more is a button or label of the template
 *       ("Show picture", "Reply", "Rate this"), not something the author wrote three times. Longer blocks that
 *       repeat stay: a refrain, a pull quote, a form letter quoted twice are the author's.</li>
 *   <li>Datelines at the edges: a short line that is a date and little else ("23.10.2018", "Updated on
 *       17.01.2021") among the first or last blocks is the publication line; the date belongs in the page's
 *       metadata. In the middle of an article a dated line is an event's date, and stays.</li>
 *   <li>Trailing sections: what a heading or a label titles as comments, related posts or a share row, and the
 *       rating and "comments are closed" lines of widgets ({@link #trailingSections}).</li>
 *   <li>Closing appeals: the last short lines asking the reader to subscribe, follow or download an app.</li>
 *   <li>Disclosures: a short advertising or affiliate note among the first or last blocks.</li>
 *   <li>Orphan headings: a heading whose section is gone ("Related articles" over a removed list) or that ends
 *       the content.</li>
 * </ul>
 */
final class ContentPolish {
  /** A label that repeats is shorter than this; longer blocks are the author's. */
  private static final int LABEL_TEXT = 60;
  private static final int LABEL_REPEATS = 3;
  /** How many blocks at each end of the content a publication line may sit among. */
  private static final int EDGE_BLOCKS = 3;
  private static final int DATELINE_TEXT = 80;
  /** Characters besides the date that a dateline may have ("Aktualisiert am", "Published: "). */
  private static final int DATELINE_OTHER = 20;
  /** Characters besides the date that a credit line with a date may have: the author's name and a time. */
  private static final int BYLINE_OTHER = 50;
  /**
   * What marks a line as the author's credit: it opens with the word for "by" ("By", "Von", "Par", "Por", "Di",
   * "Door", "Av", "Posted by", "Verfasst von", "Autor:"), or sets name and date apart with a bar ("Jane Doe | 23
   * May 2021"). With a date, such a line among the first or last blocks is the byline.
   */
  static final Pattern CREDIT = Pattern.compile("(?iu)^\\W*(?:by|von|par|por|di|door|av|af|posted by|written by"
      + "|verfasst von|geschrieben von|erstellt von|publié par|publicado por|pubblicato da|autor(?:in)?:?|author:?"
      + "|auteur:?)\\s|\\s[|•·]\\s");
  /** Blocks that must stay above closing appeals: the body they close. */
  private static final int CLOSING_BODY = 3;
  /** A label's trailing count, brackets and punctuation, Western and CJK ("Comments:", "【相关阅读】", "评论（3）"). */
  private static final String LABEL_END = "[\\s\\p{N}:.!?…】」』）)(（：！？。]*$";
  private static final String LABEL_START = "(?iu)^[\\p{N}\\s【「『\\[]*(?:";
  /**
   * The title of the readers' comments that templates append after an article, in the languages most common on
   * the web ("Comments", "3 Kommentare", "Leave a reply", "Schreibe einen Kommentar", "Commentaires", "网友评论",
   * "コメント", "댓글"). The whole
   * heading must be such a title (a count and punctuation aside), so a section that merely mentions comments keeps
   * its heading. What follows it, to the end, is the comments and the reply form.
   */
  static final Pattern COMMENTS_HEADING = Pattern.compile(LABEL_START
      + "comments?|leave a (?:reply|comment)|responses?|thoughts? on .*|kommentare?|kommentieren"
      + "|schreibe einen kommentar|kommentar schreiben|commentaires?|laisser un commentaire|comentarios?"
      + "|deja un comentario|commenti|lascia un commento|komentarze?|reacties?"
      // Chinese (simplified and traditional), Japanese, Korean.
      + "|(?:网友|網友|最新|热门|熱門|全部|精彩)?(?:评论|評論|留言)|(?:发表|發表|我要)(?:评论|評論|留言)|(?:查看)?(?:全部)?评论区"
      + "|コメント(?:する|を書く|を残す|一覧)?|댓글(?:\\s?(?:쓰기|달기|보기))?)" + LABEL_END);
  /**
   * The title of a box of links that templates put after (or between the paragraphs of) an article: related posts
   * ("Related articles", "Ähnliche Beiträge", "Lesen Sie auch", "Noticias relacionadas", "Vous aimerez aussi") and
   * share rows ("Share this:", "Teilen mit:"), and their Chinese, Japanese and Korean equivalents ("相关阅读",
   * "精彩视频推荐", "猜你喜欢", "関連記事", "あわせて読みたい", "관련기사", "分享到", "シェア", "공유하기"). The box ends where
   * prose starts again.
   */
  static final Pattern RELATED_HEADING = Pattern.compile(LABEL_START
      + "related(?: articles| posts| stories| content| news)?|read (?:more|also|next)|more (?:stories|articles|news)"
      + "|you (?:may|might) also like.*|recommended(?: for you)?|ähnliche (?:beiträge|artikel)|verwandte (?:beiträge|artikel)"
      + "|(?:das (?:thema )?)?könnte (?:sie|dich) auch interessieren|auch interessant|lesen sie auch.*|weitere (?:beiträge|artikel)"
      + "|zum weiterlesen|weiterlesen|mehr themen|schon gelesen|das könnte dich auch interessieren|empfohlene artikel"
      + "|weitere informationen|weitere infos|zusatzinformationen|more information|further information|kontakt|contact"
      + "|mehr zum thema.*|(?:auch|mehr) auf \\S+|also on \\S+|more from .{1,40}|mehr (?:aus|von|zu) .{1,40}"
      + "|noticias relacionadas|art[ií]culos relacionados|te puede interesar|lee también"
      + "|articles? (?:similaires|connexes)|à lire aussi|vous aimerez aussi|articoli correlati|leggi anche"
      + "|share(?: this)?(?: article| post| story)?|teilen(?: sie)?(?: dies| den artikel)?(?: mit)?|sharen mit"
      + "|compartir|partager|condividi"
      // Chinese (simplified and traditional): related, recommended, further reading, more, you may like, share.
      + "|(?:相关|相關|精彩|热门|熱門|猜你|为你|為你|今日|编辑|編輯)?(?:阅读|閱讀|文章|新闻|新聞|报道|報導|推荐|推薦|视频|視頻|影片|图片|圖片)*"
      + "(?:推荐|推薦|阅读|閱讀|喜欢|喜歡)|(?:相关|相關)(?:文章|阅读|閱讀|新闻|新聞|报道|報導|链接|連結|视频|視頻|专题|專題)?"
      + "|延伸(?:阅读|閱讀)|更多(?:阅读|閱讀|新闻|新聞|精彩|文章|推荐|推薦|内容|內容)?|大家都在看|你可能(?:还|還)?(?:喜欢|喜歡|感兴趣|感興趣)"
      + "|分享(?:到|至|给朋友|給朋友|此文|本文|文章)?"
      // Japanese.
      + "|関連(?:記事|ニュース|情報|リンク)?|(?:おすすめ|オススメ|人気|注目)(?:の)?記事|あわせて読みたい|合わせて読みたい"
      + "|こちらの記事もおすすめ|こちらもおすすめ|続きを読む|もっと読む|(?:この記事を)?シェア(?:する)?"
      // Korean.
      + "|관련\\s?(?:기사|뉴스|글)?|추천\\s?(?:기사|뉴스|글)|(?:많이\\s?본|인기)\\s?(?:기사|뉴스)|함께\\s?(?:보면\\s?좋은|볼만한)\\s?(?:기사|글|뉴스)"
      + "|더\\s?보기|(?:기사\\s?)?공유(?:하기)?)" + LABEL_END);
  /**
   * A line of a template's widget under an article: the rating prompt ("Was this article helpful?", "Wie bewerten
   * Sie diesen Artikel?", "Rate this post", "本文对您有帮助吗", "この記事は役に立ちましたか"), the closed or empty comments
   * notice ("Comments are closed.", "暂无评论", "コメントはまだありません") and the comment form's prompt ("You must be
   * logged in to post a comment.", "Kommentar schreiben"). A whole short
   * line only, anywhere in the content's second half.
   */
  static final Pattern WIDGET_LINE = Pattern.compile("(?iu)^\\(?(?:"
      + "was this (?:article|page|post) (?:helpful|useful)|rate this (?:article|post|page)|comments are closed"
      + "|no comments(?: yet)?|wie bewerten sie diesen (?:artikel|beitrag)|war (?:der|dieser) (?:artikel|beitrag) "
      + "(?:nützlich|hilfreich)|möchten sie den (?:artikel|beitrag) teilen|hier können sie den (?:artikel|beitrag) "
      + "bewerten|kommentare sind geschlossen|noch keine (?:bewertungen|kommentare)|keine kommentare"
      + "|(?:¿)?te (?:ha )?(?:sido|resultó|gustó) útil.*|cet article vous a-t-il été utile"
      + "|you must be logged in to (?:post a )?(?:comment|reply).*|log in to (?:comment|reply)|be the first to comment.*"
      + "|sie müssen (?:sich )?(?:einloggen|anmelden|angemeldet sein).{0,80}(?:kommentar|diskussion).*"
      + "|(?:jetzt )?kommentare? schreiben|jetzt kommentieren|sei (?:der|die) erste.{0,40}kommentar.*"
      // Chinese, Japanese, Korean: was this helpful, no comments yet, comments closed.
      + "|(?:本文|这篇文章|這篇文章|此文)(?:对|對)?(?:您|你)?有(?:帮助|幫助|用)(?:吗|嗎)?|(?:暂无|暫無|还没有|還沒有)(?:评论|評論|留言)"
      + "|(?:评论|評論)(?:已|已經|已经)?(?:关闭|關閉)|この(?:記事|ページ)は(?:役に立ちましたか|参考になりましたか)"
      + "|コメントはまだありません|이\\s?(?:기사|글)(?:가|이)\\s?도움이\\s?되(?:었|셨)나요|댓글이\\s?없습니다)"
      // A rating prompt ends in its stars.
      + "[\\s:.!?…()？。！*★☆]*$");
  /**
   * A row of the page's tools, anywhere in the content: print ("Rezept drucken", "Print this page", "Imprimer cette
   * page"), save as PDF ("Dieses Skript als PDF herunterladen"), save to Pinterest, the permalink, the share verbs
   * ("teilen twittern E-Mail") and the way back ("zurück zur Listenansicht", "Back to top"). Only a line made of such
   * items and nothing else: a sentence that mentions printing is prose.
   */
  static final Pattern PAGE_TOOLS = Pattern.compile("(?iu)^(?:[\\s|·•/↑←«»>-]*(?:"
      + "(?:(?:rezept|artikel|seite|beitrag) )?(?:aus)?drucken|print(?: this)?(?: page| article| recipe| post)?"
      + "|imprimer(?: cette page| l['’]article)?|imprimir(?: página)?|stampa"
      + "|(?:(?:dieses?n?|den|das|die) \\p{L}+ )?als pdf (?:herunterladen|speichern|downloaden)"
      + "|(?:download|save)(?: as)? pdf"
      + "|pdf (?:herunterladen|download)|permal(?:ink|ien)\\s*:?(?:\\s*https?://\\S+)?"
      + "|(?:bei|auf) pinterest (?:speichern|merken|pinnen)|(?:save|pin) (?:it )?(?:to|on) pinterest"
      + "|teilen|twittern|tweet|share|e-?mail"
      + "|zurück(?: zu[rm]? (?:listenansicht|übersicht|startseite|liste|newsübersicht|artikelübersicht))?"
      + "|back to (?:top|overview|the list|list)|nach oben|retour(?: en haut)?|volver(?: arriba)?))+[\\s.!:]*$");
  /**
   * The post's metadata as labelled fields, which blog and press templates print above or under the text: "News date :
   * 04/21/2022 Category : Press Releases", "Aufrufe: 1120 | Hinzugefügt von: Posh | Tags: …", "Kommentare insgesamt:
   * 0", "Release Date:". A line made only of such fields, each a label from this list and a short value, that does not
   * end like a sentence ("Date: the council meets on Friday." is one); the date, author and category belong in the
   * page's metadata.
   */
  static final Pattern META_FIELDS = Pattern.compile("(?iu)^(?:[\\s|•·]*(?:news date|release date"
      + "|publish(?:ed|ing) date"
      + "|date|datum|categor(?:y|ies)|kategorien?|rubrik|tags?|schlagw[öo]rter|stichw[öo]rter|views|aufrufe|hits"
      + "|zugriffe|gelesen|hinzugefügt von|added by|posted (?:on|in|by)|kommentare(?: insgesamt)?|comments|rating"
      + "|bewertung|veröffentlicht(?: am)?|erstellt(?: am)?|published(?: on)?|catégories?|étiquettes|mots[- ]clés"
      + "|categor[ií]as?|etiquetas)\\s*:(?:\\s*[^\\s|:][^|:]{0,59}?)??"
      + "(?=\\s*$|\\s*[|•·]|\\s+\\p{L}[\\p{L} ]{0,20}\\s*:))+\\s*$");
  /** A line of metadata fields is short. */
  private static final int META_FIELDS_TEXT = 150;
  /** A row of tools is short: a few words. */
  private static final int PAGE_TOOLS_TEXT = 60;
  /** Prose that ends a related box: a paragraph this long ({@link #readingLength}) with few links. */
  private static final int PROSE_TEXT = 150;
  /** What a Chinese, Japanese or Korean character counts for in {@link #readingLength}. */
  private static final int CJK_WEIGHT = 3;
  /** A trailing section may start no earlier than this share of the content's text (in tenths). */
  private static final int TRAILER_FROM_TENTHS = 5;
  /**
   * A last line that asks the reader to do something for the site: subscribe, follow it on a social network, join
   * its messaging or video channel, download the app, sign up for the newsletter, write a letter to the editor,
   * support the publication. Said in the languages most common on the web (Chinese "关注我们",
   * Japanese "フォローしてください", Korean "구독하세요" among them); only a short
   * line at the very end, where templates put it, is judged.
   */
  static final Pattern APPEAL = Pattern.compile("(?iu)\\b(?:subscribe|subscribers?|sign(?:ing)? up|\\p{L}*newsletter"
      + "|follow us|follow me on|keep up with (?:me|us) on|folgt? mir (?:gerne |doch )?auf|suivez-moi"
      + "|follow \\p{Lu}\\S* on|follow \\S+(?: \\S+){0,3} on (?:twitter|facebook|instagram|tiktok|linkedin|youtube|x\\b)"
      + "|download (?:the|our)|get the app|support(?:ing)? (?:us|our)|help us (?:continue|keep)|straight to your (?:phone|inbox)"
      + "|never miss (?:the|a|an)|stay up[- ]to[- ]date|nichts (?:mehr )?(?:verpassen|versäumen)"
      + "|verpassen sie (?:keine|nichts)|letters? to the editor|submit a letter|(?:our|unse?re?n?|nuestro|notre|nostro) "
      + "(?:telegram|whatsapp|youtube)[- ]?(?:channel|kanal)"
      + "|(?:channel|kanal|canal) (?:on |auf |de |en )?(?:telegram|whatsapp|youtube)"
      + "|donate (?:now|today|to us)|make a donation|jetzt spenden|spenden sie|faites un don|soutenez-nous"
      + "|ap[oó]ya(?:nos| el periodismo| nuestro)|únete a nuestra comunidad"
      + "|abonnieren sie|folgen sie|folge uns|unterstütze|suscr[ií]b|s[ií]guenos|hazte miembro|abonnez|suivez-nous|iscriviti"
      + "|seguici|subskryb|subskrypc|obserwuj nas)"
      // Chinese, Japanese, Korean (no word boundaries there): follow us, scan to follow, download the app, subscribe.
      + "|关注我们|關注我們|扫码关注|掃碼關注|关注(?:微信)?公众号|關注(?:微信)?公眾號|下载(?:客户端|app)|下載(?:客戶端|app)"
      + "|订阅(?:我们|本刊|频道)|訂閱(?:我們|本刊|頻道)|フォローしてください|フォローする|登録してください"
      + "|구독(?:하기|하세요|해\\s?주세요)|팔로우(?:하기|하세요)");
  private static final int APPEAL_TEXT = 300;
  /**
   * The advertising disclosure that blogs and magazines put at the top or bottom of a post: "Werbung", "Anzeige",
   * "This post contains affiliate links", "Dieser Beitrag enthält Werbung", "We recommend the best products".
   */
  static final Pattern DISCLOSURE = Pattern.compile("(?iu)^\\W*(?:werbung|anzeige|advertisement|sponsored|publicidad"
      + "|publicité)\\s*(?:[-:.,|)*]|$)|\\b(?:contains (?:affiliate links|references to products)|affiliate links?|enthält (?:werbung"
      + "|affiliate)|werbung für|we recommend the best products|partnerlinks?|provisions-links?)\\b");
  private static final int APPEAL_BLOCKS = 3;
  /**
   * How far from the end the title of an appeal's box may sit (magazines' support and newsletter boxes run to a few
   * short lines), provided what it takes along under it is at most a {@value #APPEAL_BOX_SHARE}th of the content.
   */
  private static final int APPEAL_BOX_BLOCKS = 8;
  private static final int APPEAL_BOX_SHARE = 4;
  /** A caption that repeats an image's alt text is at least this long, and at most {@value #CAPTION_TEXT}. */
  private static final int ALT_CAPTION_TEXT = 15;
  private static final int CAPTION_TEXT = 400;
  /**
   * A note about the post rather than part of it, which templates print above or under the text: the blog's filing
   * line ("This entry was posted in …", "Bookmark the permalink", "Der Beitrag wurde am … veröffentlicht",
   * "abgelegt unter"), the rights and licence line ("All rights reserved", "Dieser Text wurde veröffentlicht unter
   * der Lizenz CC-BY", "wszelkie prawa zastrzeżone"), and the editor's disclaimer ("The views expressed are the
   * author's own", "gibt die Meinung des Autors wieder", "n['’]engagent que leurs auteurs"). Said in the languages most
   * common on the web.
   */
  static final Pattern POST_NOTE = Pattern.compile("(?iu)\\b(?:this (?:entry|post) was posted|posted in \\p{L}"
      + "|filed under|bookmark the permalink|der beitrag wurde am|abgelegt unter|veröffentlicht und wurde unter"
      + "|cet article a été publié|publié dans|esta entrada fue publicada|all rights reserved|alle rechte vorbehalten"
      + "|tous droits réservés|todos los derechos reservados|tutti i diritti riservati|wszelkie prawa zastrzeżone"
      + "|chroniony prawem autorskim|(?:veröffentlicht|lizenziert|steh(?:t|en)) .{0,40}unter (?:(?:der|einer) )?"
      + "(?:lizenz|creative commons|cc[- ])|(?:published|licensed|available) under (?:a|the) (?:creative commons"
      + "|cc[- ]|licen[cs]e)|(?:views|opinions) expressed (?:here |in this \\p{L}+ )?(?:are|do not)"
      + "|gibt die meinung de[rs] (?:autors|autorin|verfassers) wieder|n['’]engagent que (?:leurs?|son|ses) auteurs?"
      + "|is not responsible for the (?:opinions|content)|übernimmt keine (?:haftung|verantwortung)"
      + "|suggested citation|zitiervorschlag|zitierweise|cite this (?:article|post|page)|how to cite|(?:pour )?citer cet article"
      + "|(?:advertising|editorial) disclaimer|(?:last (?:modified|updated)|zuletzt (?:geändert|aktualisiert)"
      + "|dernière mise à jour|última actualización)(?: on| am| le| el)?\\s*:?\\s*\\d"
      + "|\\d+\\s*(?:min(?:ute)?s?|minuten?)\\.?\\s*(?:read|lesezeit|de lecture|de lectura)|(?:lesezeit|reading time"
      + "|temps de lecture|tiempo de lectura|czas czytania)\\s*:?\\s*(?:ca\\.\\s*)?\\d|ten tekst przeczytasz)");
  /**
   * A date as pages write it: 23.10.2018, 2018-10-23, 10/23/18, 23 octobre 2018, 7. Oktober 2020,
   * January 5, 2021.
   */
  static final Pattern DATE = Pattern.compile(
      "\\b\\d{1,2}[./-]\\s?\\d{1,2}[./-]\\s?\\d{2,4}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b"
          + "|\\b\\d{1,2}\\.?\\s+\\p{L}{3,}\\.?\\s+\\d{4}\\b|\\b\\p{L}{3,}\\.?\\s+\\d{1,2},\\s+\\d{4}\\b");

  private ContentPolish() {}

  /**
   * Runs the passes.
   *
   * @return the characters of text removed
   */
  static int polish(List<Element> roots, NodeStats stats, Set<Element> dropped, WorkBudget budget) {
    // One walk for the three passes; each later pass sees the blocks the earlier ones kept.
    List<Element> leaves = leafBlocks(roots, stats, dropped, budget);
    int removed = repeatedLabels(leaves, stats, dropped);
    leaves = kept(leaves, dropped);
    removed += edgeDatelines(leaves, stats, dropped);
    leaves = kept(leaves, dropped);
    removed += trailingSections(leaves, stats, dropped);
    leaves = kept(leaves, dropped);
    removed += closingAppeals(leaves, stats, dropped);
    leaves = kept(leaves, dropped);
    removed += disclosures(leaves, stats, dropped);
    leaves = kept(leaves, dropped);
    removed += altCaptions(roots, leaves, stats, dropped, budget);
    removed += orphanHeadings(kept(leaves, dropped), stats, dropped);
    return removed;
  }

  /**
   * A text's length as a reader measures it: a Chinese, Japanese or Korean character carries about what a short
   * Latin word does, so a paragraph of 60 ideographs is as much prose as one of 180 letters. Thresholds set for
   * alphabetic text would take a whole CJK paragraph for a teaser's line.
   */
  static int readingLength(String text) {
    int n = 0;
    for (int i = 0; i < text.length(); i++) {
      n += cjk(text.charAt(i)) ? CJK_WEIGHT : 1;
    }
    return n;
  }

  private static boolean cjk(char c) {
    return c >= '\u3040' && c <= '\u30ff' || c >= '\u3400' && c <= '\u9fff' || c >= '\uac00' && c <= '\ud7af'
        || c >= '\uf900' && c <= '\ufaff';
  }

  private static List<Element> kept(List<Element> leaves, Set<Element> dropped) {
    List<Element> out = new ArrayList<>(leaves.size());
    for (Element e : leaves) {
      if (!dropped.contains(e)) {
        out.add(e);
      }
    }
    return out;
  }

  static boolean heading(String tag) {
    return tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6';
  }

  /** Blocks without block children (and data tables and code, whole), not dropped, in document order. */
  static List<Element> leafBlocks(List<Element> roots, NodeStats stats, Set<Element> dropped,
      WorkBudget budget) {
    List<Element> out = new ArrayList<>();
    List<Element> pending = new ArrayList<>();
    for (int i = roots.size() - 1; i >= 0; i--) {
      pending.add(roots.get(i));
    }
    while (!pending.isEmpty()) {
      Element e = pending.remove(pending.size() - 1);
      budget.spend(1);
      NodeStats.Stat s = stats.get(e);
      if (s.text == 0) {
        continue;
      }
      String tag = e.normalName();
      if (!s.blockChild || tag.equals("pre") || tag.equals("table") && Tables.isData(e, stats)) {
        out.add(e);
        continue;
      }
      List<Element> children = Dom.children(e);
      for (int i = children.size() - 1; i >= 0; i--) {
        Element c = children.get(i);
        if (!dropped.contains(c)) {
          pending.add(c);
        }
      }
    }
    return out;
  }

  private static int repeatedLabels(List<Element> leaves, NodeStats stats, Set<Element> dropped) {
    Map<String, Integer> counts = new HashMap<>();
    List<String> texts = new ArrayList<>(leaves.size());
    for (Element e : leaves) {
      String t = stats.text(e);
      texts.add(t);
      counts.merge(t, 1, Integer::sum);
    }
    int removed = 0;
    for (int i = 0; i < leaves.size(); i++) {
      String t = texts.get(i);
      if (t.length() < LABEL_TEXT && counts.get(t) >= LABEL_REPEATS) {
        dropped.add(leaves.get(i));
        removed += stats.get(leaves.get(i)).text;
      }
    }
    return removed;
  }

  /** Whether a line ends like a sentence: a credit line does not, a sentence that opens with "Von …" does. */
  private static boolean sentenceEnd(String t) {
    return !t.isEmpty() && ".!?。！？".indexOf(t.charAt(t.length() - 1)) >= 0;
  }

  private static int edgeDatelines(List<Element> leaves, NodeStats stats, Set<Element> dropped) {
    int removed = 0;
    for (int i = 0; i < leaves.size(); i++) {
      if (i >= EDGE_BLOCKS && i < leaves.size() - EDGE_BLOCKS) {
        continue;
      }
      Element e = leaves.get(i);
      String t = stats.text(e);
      if (t.length() >= DATELINE_TEXT || heading(e.normalName())) {
        continue;
      }
      Matcher m = DATE.matcher(t);
      if (!m.find()) {
        continue;
      }
      int other = t.length() - (m.end() - m.start());
      if (other <= DATELINE_OTHER || other <= BYLINE_OTHER && CREDIT.matcher(t).find() && !sentenceEnd(t)) {
        dropped.add(e);
        removed += stats.get(e).text;
      }
    }
    return removed;
  }

  /**
   * Sections that templates append inside the article's container, titled by a heading: from a comments heading
   * ({@link #COMMENTS_HEADING}) in the second half of the content to the end, since comments and the reply form
   * come last; from a related-posts or share heading ({@link #RELATED_HEADING}) to the next heading of its level
   * or higher, or the next paragraph of prose, since such a box sits between parts of the article as often as
   * after it. Blog and news pages.
   */
  private static int trailingSections(List<Element> leaves, NodeStats stats, Set<Element> dropped) {
    int total = 0;
    for (Element e : leaves) {
      total += stats.get(e).text;
    }
    int removed = 0;
    int before = 0;
    for (int i = 0; i < leaves.size(); i++) {
      Element e = leaves.get(i);
      NodeStats.Stat s = stats.get(e);
      String tag = e.normalName();
      if (!heading(tag) && toolsOrFields(e, s, stats)) {
        // A row of print, PDF, share and back links (links or not), or of the post's labelled metadata: the
        // template's, wherever it put them.
        dropped.add(e);
        removed += s.text;
        continue;
      }
      if (s.text >= 80 || s.link * 2 > s.text) {
        before += s.text;
        continue;
      }
      String text = stats.text(e);
      boolean title = heading(tag);
      if (before * 10 >= total * TRAILER_FROM_TENTHS && WIDGET_LINE.matcher(text).matches()) {
        dropped.add(e);
        removed += s.text;
        continue;
      }
      if (!title && !RELATED_HEADING.matcher(text).matches()) {
        before += s.text;
        continue;
      }
      if (title && before * 10 >= total * TRAILER_FROM_TENTHS && COMMENTS_HEADING.matcher(text).matches()) {
        for (int j = i; j < leaves.size(); j++) {
          dropped.add(leaves.get(j));
          removed += stats.get(leaves.get(j)).text;
        }
        return removed;
      }
      if (RELATED_HEADING.matcher(text).matches()) {
        // A label set as a paragraph ("Lesen Sie auch:") ends at any heading.
        int level = title ? tag.charAt(1) - '0' : 7;
        int j = i;
        dropped.add(e);
        removed += s.text;
        for (j = i + 1; j < leaves.size(); j++) {
          Element n = leaves.get(j);
          NodeStats.Stat ns = stats.get(n);
          String ntag = n.normalName();
          if (heading(ntag) && ntag.charAt(1) - '0' <= level
              || !heading(ntag) && ns.text >= PROSE_TEXT / 3 && ns.linkDensity() < 0.3
              && readingLength(stats.text(n)) >= PROSE_TEXT) {
            break;
          }
          dropped.add(n);
          removed += ns.text;
        }
        i = j - 1;
        continue;
      }
      before += s.text;
    }
    return removed;
  }

  /** A row of the page's tools ({@link #PAGE_TOOLS}) or of the post's labelled metadata ({@link #META_FIELDS}). */
  private static boolean toolsOrFields(Element e, NodeStats.Stat s, NodeStats stats) {
    String text = stats.text(e).strip();
    return s.text < PAGE_TOOLS_TEXT && PAGE_TOOLS.matcher(text).matches()
        || s.text < META_FIELDS_TEXT && !sentenceEnd(text) && META_FIELDS.matcher(text).matches();
  }

  /**
   * A short advertising disclosure ({@link #DISCLOSURE}) or note about the post ({@link #POST_NOTE}: its filing
   * line, rights line or the editor's disclaimer) among the first or last {@value #EDGE_BLOCKS} blocks: about the
   * post, not part of it. Blogs and magazines with affiliate links, blog platforms, newspapers' opinion pages.
   */
  private static int disclosures(List<Element> leaves, NodeStats stats, Set<Element> dropped) {
    int removed = 0;
    for (int i = 0; i < leaves.size(); i++) {
      if (i >= EDGE_BLOCKS && i < leaves.size() - EDGE_BLOCKS || leaves.size() < 2) {
        continue;
      }
      Element e = leaves.get(i);
      NodeStats.Stat s = stats.get(e);
      String text = stats.text(e);
      // A short post is all edges: there a disclosure needs the blocks around it to be told apart from the post.
      boolean disclosure = leaves.size() > EDGE_BLOCKS && s.text < APPEAL_TEXT && DISCLOSURE.matcher(text).find();
      // A filing line lists its categories as links; what it says beside them is short.
      boolean note = s.text - s.link < APPEAL_TEXT && !heading(e.normalName()) && POST_NOTE.matcher(text).find();
      if (disclosure || note) {
        dropped.add(e);
        removed += s.text;
      }
    }
    return removed;
  }

  /**
   * The last few short blocks that appeal to the reader ({@link #APPEAL}): "Subscribe now for the full story",
   * "Follow us on Twitter", "Download our app". News sites close articles with them, inside the body. A heading
   * that appeals ("Stay up-to-date on our work.") takes the lines under it along: they are its box.
   */
  private static int closingAppeals(List<Element> leaves, NodeStats stats, Set<Element> dropped) {
    int removed = 0;
    int total = 0;
    for (Element e : leaves) {
      total += stats.get(e).text;
    }
    int after = 0; // text of the blocks after i
    for (int i = leaves.size() - 1; i >= Math.max(CLOSING_BODY, leaves.size() - APPEAL_BOX_BLOCKS); i--) {
      Element e = leaves.get(i);
      NodeStats.Stat s = stats.get(e);
      int below = after;
      after += s.text;
      if (s.text >= APPEAL_TEXT || !APPEAL.matcher(stats.text(e)).find()) {
        continue;
      }
      if (i < leaves.size() - APPEAL_BLOCKS && !(title(e, s, stats) && below * APPEAL_BOX_SHARE <= total)) {
        // Further up, only the title of a box ("Apoya el periodismo incómodo", "Stay up-to-date on our work.") over a
        // few short lines is an appeal; a sentence there is the article's.
        continue;
      }
      // A heading among the last blocks that appeals ("Unterstütze uns mit 2,50!") titles the appeal's box: the few
      // lines under it go with it.
      int end = title(e, s, stats) ? leaves.size() : i + 1;
      for (int j = i; j < end; j++) {
        if (dropped.add(leaves.get(j))) {
          removed += stats.get(leaves.get(j)).text;
        }
      }
    }
    return removed;
  }

  /**
   * A heading, or a line set wholly in bold as templates title their boxes ("<b>Apoya el periodismo incómodo</b>").
   */
  private static boolean title(Element e, NodeStats.Stat s, NodeStats stats) {
    if (heading(e.normalName())) {
      return true;
    }
    for (Element c : Dom.children(e)) {
      String tag = c.normalName();
      if ((tag.equals("b") || tag.equals("strong")) && stats.get(c).text * 10 >= s.text * 9) {
        return true;
      }
    }
    return false;
  }

  /**
   * A block that repeats a picture's alternative text or title ("Zielarten für die Kastanienselven sind …" under
   * the image of that alt) is the picture's caption, which the CMS printed from the image's description instead of
   * in a {@code <figcaption>}: the image stays, and its caption goes as other captions do. News and institutional
   * sites. Headings and the first {@value #EDGE_BLOCKS} blocks are spared (a lead picture's alt often repeats the
   * headline or the standfirst), and so are texts too short to tell a caption from a label.
   */
  private static int altCaptions(List<Element> roots, List<Element> leaves, NodeStats stats, Set<Element> dropped,
      WorkBudget budget) {
    Set<String> alts = new HashSet<>();
    for (Element root : roots) {
      for (Element img : root.getElementsByTag("img")) {
        budget.spend(1);
        for (String attr : new String[] {"alt", "title"}) {
          String alt = normalised(img.attr(attr));
          if (alt.length() >= ALT_CAPTION_TEXT) {
            alts.add(alt);
          }
        }
      }
    }
    if (alts.isEmpty()) {
      return 0;
    }
    int removed = 0;
    // The first blocks are spared: the lead picture's alt often repeats the standfirst under the headline.
    for (int i = EDGE_BLOCKS; i < leaves.size(); i++) {
      Element e = leaves.get(i);
      NodeStats.Stat s = stats.get(e);
      if (s.text < ALT_CAPTION_TEXT || s.text > CAPTION_TEXT || heading(e.normalName())) {
        continue;
      }
      if (alts.contains(normalised(stats.text(e)))) {
        dropped.add(e);
        removed += s.text;
      }
    }
    return removed;
  }

  private static String normalised(String text) {
    return String.join(" ", text.strip().split("\\s+")).toLowerCase(Locale.ROOT);
  }

  /**
   * Walks the blocks backwards: a heading with no content between it and the next heading of its level or a
   * higher one (or the end) introduced something that is gone.
   */
  private static int orphanHeadings(List<Element> leaves, NodeStats stats, Set<Element> dropped) {
    int removed = 0;
    int nextLevel = 0; // the level of the next kept heading after this point; 0 when there is none
    boolean contentAfter = false;
    for (int i = leaves.size() - 1; i >= 0; i--) {
      Element e = leaves.get(i);
      String tag = e.normalName();
      if (!heading(tag)) {
        contentAfter = true;
        continue;
      }
      int level = tag.charAt(1) - '0';
      if (!contentAfter && (nextLevel == 0 || nextLevel <= level)) {
        dropped.add(e);
        removed += stats.get(e).text;
        continue;
      }
      nextLevel = level;
      contentAfter = false;
    }
    return removed;
  }
}
