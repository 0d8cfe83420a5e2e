/**
 * Answers are Markdown written by a model or a provider: rendered safely. markdown-it with html: false, so raw
 * HTML in an answer is escaped and shown as text; links only to http(s) addresses, opened in a new tab with
 * rel="noopener noreferrer"; no images at all (an image from outside would be a request to a third party the user
 * did not choose) — the image syntax shows its alt text.
 */
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });
markdown.disable('image');
markdown.validateLink = (url: string) => /^https?:\/\//i.test(url.trim());

const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index].attrSet('target', '_blank');
  tokens[index].attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, index, options, env, self);
};

export function renderAnswer(text: string): string {
  return markdown.render(text);
}
