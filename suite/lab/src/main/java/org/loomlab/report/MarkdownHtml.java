package org.loomlab.report;

import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.HtmlWriter;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The Markdown the lab writes (headings, pipe tables, lists, paragraphs with bold, code and links) as HTML, so that
 * the HTML report shows the very tables and claims the Markdown report and {@code claims} or {@code diff} wrote,
 * not a second rendering of them that could drift. commonmark-java with its GFM tables extension reads and writes
 * it; the page adds only its own touches: headings one level down (the page owns the h1), a table body's number
 * cells classed {@code num} (right-aligned), a nested list classed {@code sub}, and no images (the page draws its
 * charts inline). HTML in the text is escaped, never passed through.
 */
public final class MarkdownHtml {

    private static final Pattern NUMBER = Pattern.compile("[-+±]?[\\d,.]+( ± [\\d,.]+)?( ?%)?( \\(.*\\))?( !)?|n/a");
    private static final List<Extension> TABLES = List.of(TablesExtension.create());

    // Built once: commonmark's parsers and renderers are immutable and safe to share between threads.
    private static final Parser MARKDOWN = Parser.builder().extensions(TABLES).build();
    /** A line is text: no block syntax, so a line that starts with {@code #} or {@code - } stays as written. */
    private static final Parser LINE = Parser.builder().enabledBlockTypes(Set.of()).build();
    /** escapeHtml: to CommonMark the {@code <String>} of {@code List<String>} is an HTML tag, here it is text. */
    private static final HtmlRenderer HTML = HtmlRenderer.builder().extensions(TABLES).escapeHtml(true)
            .nodeRendererFactory(HeadingOneDown::new).attributeProviderFactory(context -> MarkdownHtml::classes)
            .build();

    private MarkdownHtml() {
    }

    public static String html(String markdown) {
        Node document = MARKDOWN.parse(markdown);
        document.accept(new ImagesLeftOut());
        return HTML.render(document);
    }

    /** One line of Markdown (bold, code, links) as HTML without a paragraph around it: a heading's or a meta line's. */
    static String inline(String line) {
        Node document = LINE.parse(line);
        document.accept(new ImagesLeftOut());
        Node paragraph = document.getFirstChild(); // the one block a line can be; none when it is blank
        StringBuilder html = new StringBuilder();
        for (Node n = paragraph == null ? null : paragraph.getFirstChild(); n != null; n = n.getNext()) {
            HTML.render(n, html);
        }
        return html.toString();
    }

    /** The classes the page's CSS knows: {@code td.num} right-aligns a number, {@code ul.sub} sits close under its item. */
    private static void classes(Node node, String tag, Map<String, String> attributes) {
        if (node instanceof TableCell cell && !cell.isHeader() && NUMBER.matcher(text(cell)).matches()) {
            attributes.put("class", "num");
        } else if (node instanceof BulletList && node.getParent() instanceof ListItem) {
            attributes.put("class", "sub");
        }
    }

    /** What a node reads as, without its Markdown: {@code **1.5**} and {@code `1.5`} both read {@code 1.5}. */
    private static String text(Node node) {
        StringBuilder read = new StringBuilder();
        node.accept(new AbstractVisitor() {
            @Override
            public void visit(Text text) {
                read.append(text.getLiteral());
            }

            @Override
            public void visit(Code code) {
                read.append(code.getLiteral());
            }
        });
        return read.toString();
    }

    /** Unlinks the images, and a paragraph they leave with nothing to read, so that no empty {@code <p>} is written. */
    private static final class ImagesLeftOut extends AbstractVisitor {

        @Override
        public void visit(Image image) {
            image.unlink();
        }

        @Override
        public void visit(Paragraph paragraph) {
            visitChildren(paragraph);
            if (blank(paragraph)) {
                paragraph.unlink();
            }
        }

        private static boolean blank(Paragraph paragraph) {
            for (Node n = paragraph.getFirstChild(); n != null; n = n.getNext()) {
                boolean space = n instanceof SoftLineBreak || n instanceof HardLineBreak
                        || n instanceof Text text && text.getLiteral().isBlank();
                if (!space) {
                    return false;
                }
            }
            return true;
        }
    }

    /** A heading one level down, {@code #} as h2, at most h6: the page's h1 is its title. */
    private record HeadingOneDown(HtmlNodeRendererContext context) implements NodeRenderer {

        @Override
        public Set<Class<? extends Node>> getNodeTypes() {
            return Set.of(Heading.class);
        }

        @Override
        public void render(Node heading) {
            String tag = "h" + Math.min(6, ((Heading) heading).getLevel() + 1);
            HtmlWriter html = context.getWriter();
            html.line();
            html.tag(tag, context.extendAttributes(heading, tag, Map.of()));
            for (Node n = heading.getFirstChild(); n != null; n = n.getNext()) {
                context.render(n);
            }
            html.tag("/" + tag);
            html.line();
        }
    }
}
