package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * One small hand-written page per extraction rule of issue 20: the kind of page the rule is for, what it
 * removes or recovers, and the look-alike it must leave alone.
 */
final class ContentRulesTest {
  private static final URI BASE = URI.create("https://example.com/news/story.html");
  private static final HtmlToMarkdown BODY = HtmlToMarkdown.builder().includeTitle(false).build();

  private static final String P1 = "<p>The council voted on Tuesday to close the old bridge to cars, after engineers "
      + "found that the steel beams under the eastern span had rusted far more than last year's survey said.</p>";
  private static final String P2 = "<p>Cyclists and pedestrians may still cross, and the ferry will run every twenty "
      + "minutes during the day, while the city looks for the money to repair the span or build a new one.</p>";
  private static final String P3 = "<p>Shop owners on both banks said the closure would cost them customers, and "
      + "several asked the council to open a temporary lane for delivery vans, which it promised to consider.</p>";

  private static String page(String article) {
    return "<html><head><title>Bridge closed</title></head><body><nav><a href='/'>Home</a> <a href='/a'>About</a>"
        + "</nav><article>" + article + "</article><footer>Copyright 2026</footer></body></html>";
  }

  private static String md(String html) {
    return BODY.convert(html, BASE).markdown();
  }

  @Test
  void aShortParagraphThatIsMostlyALinkToAnotherStoryIsATeaser() {
    // News sites: "Read more: <headline>" between the paragraphs of the article.
    String md = md(page(P1 + "<p>Read more: <a href='/other'>Old bridges across the country are failing</a></p>"
        + P2 + "<p>See <a href='/map'>the map</a> for the ferry's route, which runs past the old harbour and the "
        + "market on the north bank.</p>" + P3));
    assertThat(md).doesNotContain("Old bridges across the country").contains("[the map](https://example.com/map)")
        .contains("Shop owners");
  }

  @Test
  void aLinkAroundAPictureIsNotATeaser() {
    String md = md(page(P1 + "<p><a href='/gallery'><img src='/a.jpg' alt='span'>Gallery</a></p>" + P2 + P3));
    assertThat(md).contains("![span](https://example.com/a.jpg)");
  }

  @Test
  void captionsAndCreditsLeaveWhileThePictureStays() {
    // News and blog templates: a caption and a photo credit under every picture.
    String md = md(page(P1 + "<figure><img src='/bridge.jpg' alt='The bridge'><figcaption>The eastern span on "
        + "Monday. Photo: City of Example</figcaption></figure>" + P2
        + "<div class='wp-caption'><img src='/ferry.jpg' alt='Ferry'><p class='wp-caption-text'>The ferry</p></div>"
        + P3));
    assertThat(md).contains("![The bridge](https://example.com/bridge.jpg)").contains("![Ferry]")
        .doesNotContain("eastern span on Monday").doesNotContain("The ferry\n");
  }

  @Test
  void aSectionThatATemplateNamedCaptionButHoldsTextStays() {
    String section = "<div class='caption-block'>" + P2.repeat(3) + "</div>";
    assertThat(md(page(P1 + section + P3))).contains("Cyclists and pedestrians");
  }

  @Test
  void aCreditOrSourceLineOnItsOwnLeaves() {
    String md = md(page(P1 + P2 + "<p>Foto: Jane Roe/Example Agency</p>" + P3 + "<p>Quelle: Stadtverwaltung</p>"));
    assertThat(md).doesNotContain("Jane Roe").doesNotContain("Stadtverwaltung").contains("Shop owners");
    assertThat(md(page(P1 + "<p>Source: the council's minutes say the vote was close, eleven to nine, and that the "
        + "mayor voted with the majority.</p>" + P2))).contains("eleven to nine");
  }

  @Test
  void theAuthorsBoxAfterTheArticleIsMetadataNotArticle() {
    // Blogs and magazines: a box with the author's photo, name and a few sentences of bio.
    String md = md(page(P1 + P2 + P3 + "<div class='author-box'><img src='/jane.jpg' alt=''><p>Jane Doe writes "
        + "about cities and transport for the Example Times. She lives by the river and has crossed the old bridge "
        + "every day for twenty years, mostly by bike.</p></div>"));
    assertThat(md).doesNotContain("Jane Doe writes").contains("Shop owners");
  }

  @Test
  void aHeadingThatIsALinkIsAnotherArticlesHeadline() {
    String md = md(page("<h2>What happens next</h2>" + P1 + P2 + "<h3><a href='/ferry'>Ferry fares go up in "
        + "spring</a></h3>" + P3));
    assertThat(md).contains("## What happens next").doesNotContain("Ferry fares go up");
  }

  @Test
  void aLabelThatRepeatsIsTheTemplatesButARepeatedParagraphIsTheAuthors() {
    String show = "<div><span>Show picture</span></div>";
    String quote = "<blockquote><p>We cannot leave a bridge open that might fall, the chief engineer said at the "
        + "meeting on Tuesday.</p></blockquote>";
    String md = md(page(P1 + show + quote + P2 + show + P3 + show + quote));
    assertThat(md).doesNotContain("Show picture");
    assertThat(md.split("We cannot leave a bridge open", -1)).hasSize(3);
  }

  @Test
  void aDateAtTheEdgeOfTheArticleIsItsDatelineButAnEventDateInsideStays() {
    String md = md(page("<p>23.10.2018</p>" + P1 + P2 + "<p>Hearing: 29.02.2020, 19:00</p>" + P3 + P1.replace("Tuesday",
        "Wednesday") + "<p>Updated 24.10.2018</p>"));
    assertThat(md).doesNotContain("23.10.2018").doesNotContain("Updated 24.10.2018").contains("Hearing: 29.02.2020");
  }

  @Test
  void aHeadingWhoseSectionWasRemovedGoesWithIt() {
    String md = md(page("<h2>The vote</h2>" + P1 + P2 + "<h3>Details</h3>" + P3 + "<h2>Related stories</h2>"
        + "<ul class='related-list'><li><a href='/a'>One</a></li><li><a href='/b'>Two</a></li></ul>"));
    assertThat(md).contains("## The vote").contains("### Details").doesNotContain("Related stories");
  }

  @Test
  void theContainerThePageNamesAsItsArticleBodyBringsTheLeadAlong() {
    // Templates that put the lead paragraph in a wrapper of its own, beside the body, inside "entry-content".
    String html = "<html><head><title>Bridge closed</title></head><body><div class='entry-content'>"
        + "<div class='lead'><p>The old bridge is closed to cars from Monday, the council decided.</p></div>"
        + "<div class='text'>" + P1 + P2 + P3 + "</div></div><div class='sidebar'><a href='/x'>Most read</a></div>"
        + "</body></html>";
    assertThat(md(html)).contains("closed to cars from Monday").contains("Shop owners").doesNotContain("Most read");
  }

  @Test
  void sectionsOfAnArticleInCellsOfTheirOwnAreOneArticle() {
    // Grid templates: each section of the article in its own cell, none of them named.
    String cell = "<div class='col'><div class='box'>%s</div></div>";
    String html = "<html><head><title>Bridge closed</title></head><body><div class='grid'>"
        + String.format(cell, "<h2>The vote</h2>" + P1 + P2) + String.format(cell, "<h2>The ferry</h2>" + P3)
        + "</div></body></html>";
    assertThat(md(html)).contains("## The vote").contains("## The ferry").contains("Shop owners");
  }

  @Test
  void anArticleKeptInNoscriptForReadersWithoutScriptsIsTheArticle() {
    // Blog platforms render the post with a script and keep a copy for readers without one.
    String html = "<html><head><title>Bridge closed</title></head><body><div class='post-body'><noscript>"
        + P1 + P2 + P3 + "</noscript></div><noscript><img src='/pixel.gif'></noscript></body></html>";
    assertThat(md(html)).contains("The council voted").contains("Shop owners");
  }

  @Test
  void aPageThatRendersItsArticleWithAScriptReadsFromItsJsonLd() {
    String body = "The council voted on Tuesday to close the old bridge to cars.\\nCyclists may still cross, and "
        + "the ferry will run every twenty minutes during the day.\\n".repeat(6);
    String html = "<html><head><title>Bridge closed</title><script type='application/ld+json'>{\"@type\":"
        + "\"NewsArticle\",\"headline\":\"Bridge closed\",\"articleBody\":\"" + body + "\"}</script></head>"
        + "<body><div id='app'><h1>Bridge closed</h1><p>Loading…</p></div></body></html>";
    String md = md(html);
    assertThat(md).contains("The council voted on Tuesday").contains("ferry will run").doesNotContain("Loading");
  }

  @Test
  void theArticleOfTheHtmlWinsOverAJsonLdTeaser() {
    String html = page(P1 + P2 + P3).replace("</head>", "<script type='application/ld+json'>{\"articleBody\":"
        + "\"A short teaser of the story that a site puts in its structured data, long enough to count as a body "
        + "of text for the rule, but much shorter than what the page itself says about the bridge and the ferry, "
        + "and the shops, and the vans, and the council, and the engineers, and the survey of last year.\"}"
        + "</script></head>");
    assertThat(md(html)).contains("The council voted").doesNotContain("short teaser");
  }

  @Test
  void textIsInComposedFormWhicheverFormThePageUsed() {
    String decomposed = "Cafe\u0301 au lait, cre\u0300me bru\u0302le\u0301e";
    assertThat(md(page(P1 + "<p>" + decomposed + " and more words for a paragraph.</p>" + P2)))
        .contains("Caf\u00e9 au lait, cr\u00e8me br\u00fbl\u00e9e");
  }

  @Test
  void rubyReadingsAreNotPartOfTheText() {
    // Japanese pages for learners print the reading of each word above it.
    String ruby = "<p><ruby>子<rp>(</rp><rt>こ</rt><rp>)</rp></ruby>どもへの<ruby>虐待<rt>ぎゃくたい</rt></ruby>をなくすための"
        + "法律ができて、親が子どもを教育するために、たたいたり蹴ったりする体罰を禁止することになりました。</p>";
    assertThat(md(page(ruby + P1 + P2))).contains("子どもへの虐待をなくすための").doesNotContain("ぎゃくたい");
  }

  @Test
  void anOverlayOfTheTemplateIsNotContent() {
    String html = page(P1 + P2 + P3).replace("<article>", "<div class='lightbox'><p>1/12 Rate this picture: "
        + "Perfect, Very good, Good, Could be better, and a long list of choices, with more words and commas.</p>"
        + "</div><article>");
    assertThat(md(html)).doesNotContain("Rate this picture");
  }

  @Test
  void theAuthorDateAndSiteGoToMetadataFromJsonLdMetaOrMicrodata() {
    String jsonLd = page(P1 + P2).replace("</head>", "<script type='application/ld+json'>[{\"@type\":\"WebSite\"},"
        + "{\"@type\":\"NewsArticle\",\"author\":[{\"@type\":\"Person\",\"name\":\"Jane Doe\"}],"
        + "\"datePublished\":\"2026-03-04T10:00:00+01:00\",\"publisher\":{\"name\":\"Example Times\"}}]</script>"
        + "</head>");
    assertThat(BODY.convert(jsonLd, BASE).metadata())
        .isEqualTo(new PageMetadata("Jane Doe", "2026-03-04T10:00:00+01:00", "Example Times"));
    String metas = page(P1 + P2).replace("</head>", "<meta name='author' content='By  John Roe'>"
        + "<meta property='article:published_time' content='2026-01-02'><meta property='og:site_name' "
        + "content='The Gazette'></head>");
    assertThat(BODY.convert(metas, BASE).metadata()).isEqualTo(new PageMetadata("John Roe", "2026-01-02", "The Gazette"));
    String microdata = page("<p class='byline' itemprop='author' itemscope><span itemprop='name'>Ann Poe</span>"
        + "</p><time itemprop='datePublished' datetime='2025-12-31'>Dec 31</time>" + P1 + P2);
    MarkdownPage page = BODY.convert(microdata, BASE);
    assertThat(page.metadata()).isEqualTo(new PageMetadata("Ann Poe", "2025-12-31", ""));
    assertThat(page.markdown()).doesNotContain("Ann Poe");
    assertThat(BODY.convert(page(P1), BASE).metadata()).isEqualTo(PageMetadata.NONE);
  }

  @Test
  void brokenOrHostileJsonLdIsIgnored() {
    String deep = "[".repeat(5000) + "]".repeat(5000);
    String html = page(P1 + P2).replace("</head>", "<script type='application/ld+json'>{\"author\": </script>"
        + "<script type='application/ld+json'>" + deep + "</script></head>");
    MarkdownPage converted = BODY.convert(html, BASE);
    assertThat(converted.markdown()).contains("The council voted");
    assertThat(converted.metadata()).isEqualTo(PageMetadata.NONE);
  }

  @Test
  void blocksNamedAsCommentsOrRelatedPostsLeaveEvenWhenTheyHoldProse() {
    // Blog templates: the comments, full of commas, inside the article's container after the text. Long enough
    // not to be set aside as furniture before scoring, and with the commas that keep prose in the cleaner.
    String comments = "<div class='comment-list'><p>Great piece, thanks, I cross that bridge every day, twice, and "
        + "yes, the rust is visible, even from the ferry, at low tide, in winter, when the light is low.</p>"
        + "<p>Same here, my shop is on the north bank, and since Tuesday, honestly, half my customers are gone, "
        + "so yes, a lane for vans, please, and soon, before the summer season starts in earnest.</p>"
        + "<p>Agreed, and also, the ferry, at rush hour, is full, so, please, more boats, too.</p></div>";
    String md = md(page(P1 + P2 + P3 + comments));
    assertThat(md).contains("The council voted").contains("Shop owners").doesNotContain("Great piece")
        .doesNotContain("Same here").doesNotContain("more boats");
  }

  @Test
  void aBlockNamedAsCommentsThatHoldsMostOfTheContentStays() {
    // A template that names the article's own wrapper "has-comments": the name is the template's, not the block's.
    String md = md(page("<div class='post has-comments'>" + P1 + P2 + P3 + "</div>"));
    assertThat(md).contains("The council voted").contains("Cyclists").contains("Shop owners");
  }

  @Test
  void aCommentsHeadingInTheSecondHalfEndsTheArticle() {
    // Blog pages: "3 Kommentare" / "Leave a reply" and the readers' comments after the post, in one container.
    String md = md(page(P1 + P2 + P3 + "<h3>3 Comments</h3><p>Thanks for writing this, we need a new bridge, "
        + "and soon, before the next winter.</p><h3>Leave a reply</h3><p>Your email address will not be published."
        + "</p>"));
    assertThat(md).contains("Shop owners").doesNotContain("Comments").doesNotContain("Thanks for writing")
        .doesNotContain("email address");
  }

  @Test
  void aHeadingThatMentionsCommentsIsNotACommentsHeading() {
    String md = md(page(P1 + P2 + "<h2>Comments from the council</h2>" + P3));
    assertThat(md).contains("## Comments from the council").contains("Shop owners");
  }

  @Test
  void aRelatedPostsBoxBetweenParagraphsLeavesAndTheArticleGoesOn() {
    // News pages: a "Lesen Sie auch" / "Related" label over a few teaser lines, then the article continues.
    String md = md(page(P1 + "<h4>Auch interessant</h4><div><span>Ferries of the north and their captains</span></div>"
        + "<div><span>Ten old bridges that towns saved</span></div>" + P2 + P3));
    assertThat(md).doesNotContain("Auch interessant").doesNotContain("Ferries of the north")
        .doesNotContain("Ten old bridges").contains("Cyclists and pedestrians").contains("Shop owners");
  }

  @Test
  void aRatingPromptUnderTheArticleLeaves() {
    // Magazine and government templates: the rating and sharing widgets' lines after the text.
    String md = md(page(P1 + P2 + P3 + "<p>Was this article helpful?</p><p>(Noch keine Bewertungen)</p>"
        + "<p>Comments are closed.</p><p>Wie bewerten Sie diesen Artikel? ★★★</p>"
        + "<p>You must be logged in to post a comment.</p>"));
    assertThat(md).contains("Shop owners").doesNotContain("helpful").doesNotContain("Bewertungen")
        .doesNotContain("closed").doesNotContain("Wie bewerten").doesNotContain("logged in");
  }

  @Test
  void aClosingAppealToSubscribeLeavesButTheLastParagraphStays() {
    // News sites: "Subscribe now for the full story", "Follow us on Twitter" as the article's last lines.
    String md = md(page(P1 + P2 + P3 + "<p>Subscribe now to our print edition for the full story.</p>"
        + "<p>Follow us on Twitter and Instagram.</p>"));
    assertThat(md).contains("Shop owners").doesNotContain("Subscribe now").doesNotContain("Follow us");
  }

  @Test
  void aSentenceAboutSubscribersInTheBodyStays() {
    String md = md(page(P1 + "<p>The ferry company said subscribers to its monthly pass would ride free.</p>"
        + P2 + P3));
    assertThat(md).contains("subscribers to its monthly pass");
  }

  @Test
  void withoutAnArticleThePlainTextLeavesTheMenusSidebarAndFooter() {
    // A short post among menus and widgets, too short to be taken for an article: the fallback is the page's text
    // without what the template names as furniture.
    String html = "<html><body><nav><a href='/'>Home</a> <a href='/blog'>Blog</a></nav><div><p>Sailing today.</p>"
        + "<p>Wind from the west.</p></div><aside class='sidebar'><p>Find us on the blog!</p></aside>"
        + "<footer><p>Imprint and privacy</p></footer></body></html>";
    MarkdownPage page = BODY.convert(html, BASE);
    assertThat(page.extracted()).isFalse();
    assertThat(page.markdown()).contains("Sailing today.").contains("Wind from the west.")
        .doesNotContain("Home").doesNotContain("Find us").doesNotContain("Imprint");
  }

  @Test
  void withoutAnArticleAPageThatIsAllFurnitureIsStillRead() {
    // Names can mislead: a page laid out as one big "sidebar" keeps its text rather than coming back empty.
    String html = "<html><body><div class='sidebar'><p>Opening hours: nine to five.</p><p>Closed on Sundays.</p>"
        + "</div><p>Hi</p></body></html>";
    assertThat(BODY.convert(html, BASE).markdown()).contains("Opening hours").contains("Closed on Sundays");
  }

  @Test
  void anAdvertisingDisclosureAtTheTopOfAPostLeaves() {
    // Blogs and magazines with affiliate links: "Anzeige, enthält Affiliate Links" before the post.
    String md = md(page("<p>*Anzeige, enthält Affiliate Links</p>" + P1 + P2 + P3
        + "<p>The bridge was built in 1911 and last repaired in the seventies, by the same firm.</p>"));
    assertThat(md).doesNotContain("Anzeige").contains("The council voted").contains("built in 1911");
  }

  @Test
  void aFirstLineThatStartsWithTheWordForAdvertisingIsProse() {
    String md = md(page("<p>Werbung nervt, und die Stadt hängt trotzdem Plakate an die Brücke.</p>" + P1 + P2 + P3
        + "<p>The bridge was built in 1911 and last repaired in the seventies, by the same firm.</p>"));
    assertThat(md).contains("Werbung nervt");
  }

  @Test
  void aContactAndFurtherInformationBoxAfterTheArticleLeaves() {
    // Institutional news pages: "Weitere Informationen:" / "Kontakt:" over links and an address after the text.
    String md = md(page(P1 + P2 + P3 + "<p><strong>Weitere Informationen:</strong></p><div><span>City bridge "
        + "office, room 12</span></div><p>Kontakt:</p><div><span>press office, phone 555 0100</span></div>"));
    assertThat(md).contains("Shop owners").doesNotContain("Weitere Informationen").doesNotContain("room 12")
        .doesNotContain("555 0100");
  }

  @Test
  void aNoteAboutThePostUnderItLeaves() {
    // Blog platforms and newspapers: the filing line, the rights line and the editor's disclaimer under the text.
    String md = md(page(P1 + P2 + P3 + "<p>This entry was posted in <a href='/c/city'>City</a>. Bookmark the "
        + "<a href='/p'>permalink</a>.</p><p>The views expressed here are the author's own.</p>"
        + "<p>© 2026 Example Times. All rights reserved.</p>"));
    assertThat(md).contains("Shop owners").doesNotContain("This entry").doesNotContain("views expressed")
        .doesNotContain("rights reserved");
    // Academic blogs: the suggested citation and the change date under the post.
    String blog = md(page(P1 + P2 + P3 + "<p>SUGGESTED CITATION Doe, Jane: <em>The old bridge</em>, Example Blog, "
        + "2026/4/09.</p><p>Last modified: 03-10-2026 2:20pm</p>"));
    assertThat(blog).contains("Shop owners").doesNotContain("SUGGESTED").doesNotContain("Last modified");
    // Blogs: the reading time over the post.
    assertThat(md(page("<p>5 min read</p>" + P1 + P2 + P3 + P1.replace("Tuesday", "Monday"))))
        .doesNotContain("min read").contains("The council voted on Tuesday");
  }

  @Test
  void aParagraphThatQuotesARightsNoticeInTheBodyStays() {
    // In the middle of the article a rights notice is quoted, not printed by the template; and at the end a
    // sentence about views expressed by someone is reporting.
    String md = md(page(P1 + P2 + "<p>The bridge was built in 1911 and last repaired in the seventies, by the same "
        + "firm.</p><p>The sign on the old toll house says: all rights reserved by the city.</p>" + P3 + P1
        + "<p>A lawyer for the shops said the views expressed by the council were not the law.</p>"));
    assertThat(md).contains("all rights reserved by the city").contains("views expressed by the council");
    // A first paragraph that gives a time in minutes is the article's.
    assertThat(md(page("<p>The ferry crossing takes 5 minutes, less than the detour by road.</p>" + P1 + P2 + P3)))
        .contains("takes 5 minutes");
  }

  private static final String ZH1 = "<p>市议会周二投票决定禁止汽车通过老桥，因为工程师发现东段桥下的钢梁锈蚀程度远远超过去年的调查结果，"
      + "维修费用可能比预计的高出许多。</p>";
  private static final String ZH2 = "<p>行人和骑自行车的人仍然可以通过，渡轮白天每二十分钟一班，与此同时，市政府正在筹集资金，"
      + "准备修复桥梁或者另建一座新桥。</p>";
  private static final String ZH3 = "<p>两岸的商店老板说，封桥会让他们失去顾客，几位店主请求议会为送货车辆开设一条临时车道，"
      + "议会承诺会认真考虑。</p>"
      + "<p>这座老桥建于一九一一年，上一次大修还是在七十年代，当时负责施工的是同一家公司，如今这家公司已经不复存在，"
      + "当年的图纸也只剩下一部分保存在市档案馆里。</p><p>工程师表示，如果明年春天之前能够筹到资金，修复工作最快可以在"
      + "夏天开始，整个工程预计需要两年时间，其间渡轮将继续运行，票价维持不变，学生和老人仍然可以免费乘坐。</p>"
      + "<p>附近的居民对这一决定看法不一，有人认为安全最重要，早就应该封桥，也有人担心每天上班要多花半个小时，"
      + "孩子上学也变得更加不方便，希望市政府能够增加渡轮的班次。</p><p>市长在会后对记者说，市政府将在下个月公布"
      + "详细的维修方案和资金来源，并邀请市民参加听证会，发表自己的意见和建议，所有意见都会被认真记录和答复。</p>";

  @Test
  void chineseJapaneseAndKoreanLabelsOfRelatedPostsCommentsAndAppealsLeave() {
    // Chinese, Japanese and Korean news templates: "精彩视频推荐" over teasers between the paragraphs, a rating
    // prompt, "关注我们" at the end, and the comments under "网友评论".
    String md = md(page(ZH1 + "<h3>精彩视频推荐</h3><div><span>老桥的百年故事</span></div><div><span>渡轮船长的一天</span></div>"
        + ZH2 + ZH3 + "<p>本文对您有帮助吗？</p><p>欢迎关注我们的微信公众号。</p><h3>网友评论（2）</h3><p>早就该修了，"
        + "希望明年冬天之前能修好。</p>"));
    assertThat(md).contains("市议会周二").contains("行人和骑自行车").contains("两岸的商店老板").doesNotContain("精彩视频推荐")
        .doesNotContain("老桥的百年故事").doesNotContain("有帮助吗").doesNotContain("关注我们").doesNotContain("网友评论")
        .doesNotContain("早就该修了");
    String ja = md(page(ZH1 + "<p>【関連記事】</p><div><span>古い橋の百年</span></div>" + ZH2 + ZH3));
    assertThat(ja).doesNotContain("関連記事").doesNotContain("古い橋の百年").contains("两岸的商店老板");
    String ko = md(page(ZH1 + ZH2 + ZH3 + "<h3>관련기사</h3><div><span>다리 이야기</span></div>"));
    assertThat(ko).doesNotContain("관련기사").doesNotContain("다리 이야기").contains("两岸的商店老板");
  }

  @Test
  void aChineseHeadingThatStartsWithTheWordForRelatedStays() {
    // "相关部门表示" ("the departments concerned said") titles a section of the article, not a box of links.
    String md = md(page(ZH1 + "<h3>相关部门表示将尽快维修</h3>" + ZH2 + ZH3));
    assertThat(md).contains("相关部门表示将尽快维修").contains("行人和骑自行车");
  }

  @Test
  void closingAppealsToFollowJoinAChannelOrWriteToTheEditorLeave() {
    // News sites: the last lines ask the reader to follow the paper on a network, join its channel, use its app.
    String md = md(page(P1 + P2 + P3 + "<p>Follow The Example Times on Twitter and Instagram @ExampleTimes.</p>"
        + "<p>¿Ya sabías que tenemos canal de Telegram? Únete en este <a href='https://t.me/x'>enlace</a>.</p>"
        + "<p>Get the latest news straight to your phone with the Example Times app.</p>"));
    assertThat(md).contains("Shop owners").doesNotContain("Follow The Example").doesNotContain("Telegram")
        .doesNotContain("straight to your phone");
    String letter = md(page(P1 + P2 + P3 + "<p>We want to hear what you think about this article. Submit a letter to "
        + "the editor.</p>"));
    assertThat(letter).contains("Shop owners").doesNotContain("Submit a letter");
  }

  @Test
  void aLastParagraphAboutFollowingOrSupportingSomethingElseStays() {
    // Reporting that uses the same words: whom the council follows, what the mayor supports.
    String md = md(page(P1 + P2 + P3 + "<p>The council will follow the engineers' advice on the repairs.</p>"
        + "<p>The mayor said she would support a toll for trucks on the new span.</p>"));
    assertThat(md).contains("follow the engineers").contains("support a toll");
  }

  private static String builderCell(String paragraph) {
    return "<div class='vc_row'><div class='vc_column'><div class='vc_inner'><div class='wrapper'>"
        + "<div class='column'>" + paragraph + "</div></div></div></div></div>";
  }

  @Test
  void aOneLineWidgetNamedPostDoesNotOutscoreAnArticleCutIntoPageBuilderCells() {
    // Page builders wrap every paragraph in four or five wrappers of its own, so no container collects much;
    // a rating widget named "post-ratings" in class and id earned more with its names and one line.
    String html = "<html><body><nav><a href='/'>Home</a> <a href='/a'>About</a></nav><div class='site'>"
        + builderCell(P1) + builderCell(P2) + builderCell(P3) + "<div class='meta'><div><div><div id='post-ratings-1' "
        + "class='post-ratings'><div>Please rate this article for us now</div></div></div></div></div></div>"
        + "<footer>Copyright 2026</footer></body></html>";
    MarkdownPage page = BODY.convert(html, BASE);
    assertThat(page.extracted()).isTrue();
    assertThat(page.markdown()).contains("The council voted").contains("Cyclists and pedestrians")
        .contains("Shop owners").doesNotContain("Copyright");
  }

  @Test
  void aShortNoteIsStillItsOwnArticle() {
    // When nothing holds more, a short container is the content: a one-paragraph notice.
    String html = "<html><body><nav><a href='/'>Home</a></nav><div class='post-body'><p>The office is closed on "
        + "Friday, the fifth.</p></div></body></html>";
    assertThat(BODY.convert(html, BASE).markdown()).contains("The office is closed on Friday");
  }

  @Test
  void aCreditLineWithADateAtTheTopLeaves() {
    // Blogs and news sites: "von Jane Doe am 14. Mai 2014, 15:40 Uhr" or "Verfasst von: jane | 31. Dezember 2008"
    // under the headline.
    String md = md(page("<h1>Bridge closed</h1><p>von <a href='/autor/jane'>Jane Doe</a> am 14. Mai 2014, 15:40 Uhr"
        + "</p>" + P1 + P2 + P3 + "<p><small>Verfasst von: jane | 31. Dezember 2008</small></p>"));
    assertThat(md).contains("The council voted").contains("Shop owners").doesNotContain("Jane Doe")
        .doesNotContain("Verfasst von");
  }

  @Test
  void aFirstSentenceThatOpensWithADateStays() {
    // "Von 14. Mai 2014 an …" is a sentence of the article, not a credit line.
    String md = md(page("<p>Von 14. Mai 2014 an ist die Brücke für Autos gesperrt.</p>" + P1 + P2 + P3));
    assertThat(md).contains("Von 14. Mai 2014 an ist die Brücke");
  }

  @Test
  void aLineThatRepeatsAPicturesAltTextIsItsCaption() {
    // Institutional and news sites print an image's description under it as a plain paragraph.
    String md = md(page(P1 + P2 + P3 + "<p><img src='/span.jpg' alt='The rusted beams under the eastern span.'></p>"
        + "<p>The rusted beams under the eastern span.</p>" + P1.replace("Tuesday", "Monday")));
    assertThat(md).contains("![The rusted beams under the eastern span.](https://example.com/span.jpg)")
        .contains("Shop owners");
    assertThat(md.split("The rusted beams", -1)).hasSize(2);
  }

  @Test
  void aHeadlineOrParagraphThatMerelyDescribesAPictureStays() {
    // The headline and the standfirst often repeat the lead picture's alt; a paragraph near a picture says more
    // than its alt.
    String md = md(page("<h2>Old bridge closed to cars</h2><p><img src='/b.jpg' alt='The city closes its old bridge "
        + "to cars.'></p><p>The city closes its old bridge to cars.</p>" + P1 + "<p><img src='/f.jpg' alt='The ferry'>"
        + "</p><p>The ferry runs every twenty minutes from the north bank to the market.</p>" + P2 + P3));
    assertThat(md).contains("## Old bridge closed to cars").contains("\n\nThe city closes its old bridge to cars.")
        .contains("The ferry runs every twenty minutes");
  }

  @Test
  void aClosingAppealSetAsAHeadingLeavesWithItsBox() {
    // Magazines close with a titled box: "Unterstütze uns mit 2,50!", "Stay up-to-date on our work."
    String md = md(page(P1 + P2 + P3 + "<h2>Stay up-to-date on our work.</h2><p>Get our weekly email.</p>"));
    assertThat(md).contains("Shop owners").doesNotContain("Stay up-to-date").doesNotContain("weekly email");
  }

  @Test
  void aSectionHeadingThatTalksAboutSupportStays() {
    // A last section of the article titled with the same verbs is the article's.
    String md = md(page(P1 + P2 + "<h2>Who will support the repairs</h2>" + P3));
    assertThat(md).contains("## Who will support the repairs").contains("Shop owners");
  }

  @Test
  void aMoreFromOrAlsoOnLabelOverTeasersLeaves() {
    // Portals: "Auch auf example.de" / "More from the city desk" over a few teaser lines after the article.
    String md = md(page(P1 + P2 + P3 + "<h3>Auch auf example.de</h3><div><span>Ten ferries worth a ride</span></div>"
        + "<h3>More from the city desk</h3><div><span>The market moves to the square</span></div>"));
    assertThat(md).contains("Shop owners").doesNotContain("Auch auf").doesNotContain("Ten ferries")
        .doesNotContain("More from").doesNotContain("The market moves");
  }

  @Test
  void withoutAnArticleThePlainTextLeavesTheShareRowRelatedBoxAndCommentPromptToo() {
    // A short post among menus, too short to be taken for an article: the fallback text goes through the same
    // block clean-up as an article, so the share row, the related box and the comment prompt under the post leave.
    String html = "<html><body><nav><a href='/'>Home</a></nav><div><h2>Sailing today</h2><p>Wind from the west.</p>"
        + "<p>We reached the island by noon.</p><div class='sharedaddy'><h3>Share this:</h3><ul><li><a href='/t'>"
        + "Twitter</a></li></ul></div><h3>Related posts</h3><p><a href='/r'>Sailing yesterday</a></p>"
        + "<p>You must be logged in to post a comment.</p></div></body></html>";
    MarkdownPage page = BODY.convert(html, BASE);
    assertThat(page.extracted()).isFalse();
    assertThat(page.markdown()).contains("Sailing today").contains("Wind from the west.")
        .contains("We reached the island by noon.").doesNotContain("Share this").doesNotContain("Twitter")
        .doesNotContain("Related posts").doesNotContain("Sailing yesterday").doesNotContain("logged in")
        .doesNotContain("Home");
  }

  @Test
  void withoutAnArticleAShortPostIsNotCleanedAway() {
    // The clean-up is kept only when it leaves the post: a short post whose every line looks like a label stays.
    String html = "<html><body><div><p>Open today.</p><p>Closed on Sundays.</p></div></body></html>";
    assertThat(BODY.convert(html, BASE).markdown()).contains("Open today.").contains("Closed on Sundays.");
  }

  @Test
  void textWrittenStraightIntoAContainerBesideBlocksIsJudgedLikeAParagraph() {
    // Blog themes print "Comments are closed." (or a story typed with line breaks) straight into the post's
    // container, beside its blocks: it reads as a paragraph of its own, and the widget-line rule sees it.
    String md = md(page("<div class='post'>" + P1 + P2 + "Cyclists may use the ferry for free in March,<br>and the "
        + "city, which runs it, will add a boat at weekends." + P3 + "Comments are closed.</div>"));
    assertThat(md).contains("Cyclists may use the ferry for free in March,  \nand the city")
        .contains("Shop owners").doesNotContain("Comments are closed");
  }

  @Test
  void aSiblingThatJoinedTheArticleAndWasThenJudgedAWidgetLineIsNotWritten() {
    // The theme prints "Comments are closed." as a paragraph beside the post's container; it joins the article as a
    // sibling and the clean-up judges it, and a judged sibling is left out like a judged block inside.
    String md = md("<html><head><title>Bridge closed</title></head><body><div id='page'><div class='post'>" + P1 + P2
        + P3 + "</div><p class='nocomments'>Comments are closed.</p></div></body></html>");
    assertThat(md).contains("Shop owners").doesNotContain("Comments are closed");
  }

  @Test
  void anArticleWhoseMarkdownComesOutEmptyFallsBackToThePagesText() {
    // Script-driven widgets can hold measured text that the Markdown never shows (here a title inside an svg-like
    // custom element): an empty answer would say less than the page's text.
    MarkdownPage page = BODY.convert("<html><body><div><p>Short line one of the recipe.</p></div>"
        + "<div class='lightbox'><title>" + "A caption of the gallery, read by scripts only. ".repeat(5)
        + "</title></div></body></html>", BASE);
    assertThat(page.markdown()).contains("Short line one of the recipe.");
  }

  @Test
  void aCaptionThatEndsInItsCreditLeavesButAParagraphThatQuotesAPhotographerStays() {
    // News and sports sites: "… | © Agency/Photographer", "… (Foto: Agency)" under each picture, as a plain paragraph.
    String md = md(page(P1 + "<p><img src='/a.jpg' alt=''></p><p>The eastern span on Monday. | © Example Agency/Jane "
        + "Roe</p>" + P2 + "<p>The ferry at noon. (Foto: Example Agency)</p>" + P3
        + "<p>The photographer, who took the pictures (and the video), said the span had rusted for years.</p>"));
    assertThat(md).doesNotContain("eastern span on Monday").doesNotContain("ferry at noon")
        .contains("![](https://example.com/a.jpg)")
        .contains("Cyclists and pedestrians").contains("Shop owners").contains("The photographer, who took");
  }

  @Test
  void aFiguresNumberedCaptionLeavesButASentenceAboutTheFigureStays() {
    // Reports and how-tos: "Abbildung 4: …", "Figure 2. …" under a picture, in the paragraph or its emphasis.
    String md = md(page(P1 + "<p><img src='/layer.jpg' alt=''><br><em>Abbildung 4: classic weak layer under the "
        + "fresh snow.</em></p>" + P2 + "<p>Figure 2. The beams as the engineers found them.</p>" + P3
        + "<p>The figure of 20 million, which the council quoted, covers the repair alone.</p>"));
    assertThat(md).doesNotContain("Abbildung 4").doesNotContain("Figure 2.")
        .contains("![](https://example.com/layer.jpg)")
        .contains("Shop owners").contains("The figure of 20 million");
  }

  @Test
  void aRowOfThePagesToolsLeavesWhereverItSitsButASentenceAboutPrintingStays() {
    // Recipe, press and news templates: print, PDF, Pinterest, share and back links as a line of their own, at the
    // top, between sections or at the end.
    String md = md(page("<p><a href='/print'>Rezept drucken</a> Bei Pinterest speichern</p>" + P1
        + "<p>Dieses Skript als PDF herunterladen</p>" + P2 + "<ul><li><b>Imprimer</b> Imprimer cette page</li>"
        + "<li><b>Permalien</b> https://example.com/p/1</li></ul>" + P3 + "<p>teilen twittern E-Mail</p>"
        + "<p>The printers will share the cost.</p><p><a href='/list'>zurück zur Listenansicht</a></p>"));
    assertThat(md).doesNotContain("drucken").doesNotContain("Pinterest").doesNotContain("PDF")
        .doesNotContain("Imprimer").doesNotContain("Permalien").doesNotContain("twittern")
        .doesNotContain("Listenansicht").contains("Cyclists and pedestrians").contains("Shop owners")
        .contains("The printers will share the cost.");
  }

  @Test
  void anAppealsBoxTitledFurtherUpLeavesWithItsLinesButAnArticleSectionOnSupportStays() {
    // Magazines and non-profits close with a box of a few short lines under a title that asks for support or
    // sign-ups, set as a heading or in bold: "Apoya el periodismo incómodo", "Stay up-to-date on our work."
    String md = md(page(P1 + P2 + P3 + "<p><b>Apoya el periodismo incómodo</b></p><p>Únete a nuestra comunidad.</p>"
        + "<p>Cancela cuando quieras.</p><p>Te necesitamos.</p><p>Conoce cómo se financia.</p>"
        + "<p><a href='/donate'>Donate now</a></p>"));
    assertThat(md).contains("Shop owners").doesNotContain("Apoya").doesNotContain("Cancela")
        .doesNotContain("Te necesitamos").doesNotContain("Donate");
    String section = md(page(P1 + "<h2>Support the ferry</h2>" + P2 + P3 + "<p>The vote is in May.</p>"));
    assertThat(section).contains("Support the ferry").contains("Cyclists and pedestrians")
        .contains("The vote is in May.");
  }

  @Test
  void aLastLineAskingTheReaderToFollowTheAuthorLeaves() {
    // Blogs and tech sites end with the author's own appeal: "You can keep up with me on Twitter", "Folgt mir auf …".
    String md = md(page(P1 + P2 + P3
        + "<p>Senior editor. You can keep up with me on Twitter: <a href='/t'>@ann</a></p>"));
    assertThat(md).contains("Shop owners").doesNotContain("keep up with me");
    String story = md(page(P1 + P2 + "<p>Residents who follow me on the ferry each morning, the captain said, will "
        + "soon know every buoy on the river by name, and many of them already do.</p>" + P3));
    assertThat(story).contains("follow me on the ferry");
  }

  @Test
  void aLineOfThePostsLabelledMetadataLeavesButASentenceWithAColonStays() {
    // Blog and press templates: "News date : 04/21/2022 Category : Press Releases", "Aufrufe: 1120 | Tags: …".
    String md = md(page("<p>News date : 04/21/2022 Category : <a href='/c'>Press Releases</a></p>" + P1 + P2 + P3
        + "<p>Aufrufe: 1120 | Hinzugefügt von: Posh | Tags: <a href='/t'>Denken</a></p><p>Kommentare insgesamt: 0</p>"
        + "<p>Release Date:</p><p>The date: the council meets on Friday to decide.</p>"));
    assertThat(md).doesNotContain("News date").doesNotContain("Press Releases").doesNotContain("Aufrufe")
        .doesNotContain("Kommentare insgesamt").doesNotContain("Release Date").contains("Shop owners")
        .contains("The date: the council meets on Friday to decide.");
  }
}
