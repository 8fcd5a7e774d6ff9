// medium-zoom on the images of the current page, opened by click or by Enter/Space, closed by Escape, click or scroll.
import mediumZoom, {type Zoom} from 'medium-zoom';
import {translate} from '@docusaurus/Translate';
import './zoom.css';

let zoom: Zoom | null = null;

function onKey(event: KeyboardEvent) {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  void zoom?.open({target: event.currentTarget as HTMLImageElement});
}

/** Attaches zoom to the given images (detaching the previous page's), and makes each one a keyboard control. */
export function attachZoom(images: HTMLImageElement[]): void {
  if (!zoom) {
    // On a phone every pixel of width counts: no margin, so a wide figure gets wider than in the page.
    const margin = window.matchMedia('(max-width: 996px)').matches ? 0 : 24;
    zoom = mediumZoom({margin, background: 'var(--ifm-background-surface-color)'});
    // Give focus back to the image that was zoomed, as a dialog would.
    zoom.on('closed', (event) => (event.target as HTMLElement).focus());
  }
  zoom.detach();
  zoom.attach(...images);
  for (const img of images) {
    if (img.dataset.zoomable) continue;
    img.dataset.zoomable = 'true';
    img.tabIndex = 0;
    img.setAttribute('role', 'button');
    img.setAttribute('aria-label', translate({id: 'theme.imageZoom.open', message: '放大图片：{alt}'}, {alt: img.alt}));
    img.addEventListener('keydown', onKey);
  }
}
