// Image zoom for doc pages. On load, each image in the content becomes a keyboard control (the attributes and the
// handlers below, a few hundred bytes); the zoom code (medium-zoom) and its styles load the first time a reader opens
// an image, so no page pays for them up front.
import type {ClientModule} from '@docusaurus/types';
import {translate} from '@docusaurus/Translate';

const IMAGES = '.theme-doc-markdown img';

type ZoomModule = typeof import('../imageZoom/zoom');
let zoomModule: Promise<ZoomModule> | null = null;
/** Set once medium-zoom is attached: from then on it handles clicks itself. */
let attached = false;

function pageImages(): HTMLImageElement[] {
  return Array.from(document.querySelectorAll<HTMLImageElement>(IMAGES));
}

function loadZoom(): Promise<ZoomModule> {
  zoomModule ??= import('../imageZoom/zoom');
  return zoomModule;
}

function onActivate(event: Event) {
  if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
  if (event.type === 'click' && attached) return;
  event.preventDefault();
  const image = event.currentTarget as HTMLImageElement;
  loadZoom()
    .then(({attachZoom, openZoom}) => {
      if (!attached) attachZoom(pageImages());
      attached = true;
      return openZoom(image);
    })
    .catch((error: unknown) => {
      zoomModule = null;
      console.error('图片放大功能加载失败：', error);
    });
}

const imageZoom: ClientModule = {
  onRouteDidUpdate() {
    const images = pageImages();
    for (const img of images) {
      if (img.dataset.zoomable) continue;
      img.dataset.zoomable = 'true';
      img.tabIndex = 0;
      img.setAttribute('role', 'button');
      img.setAttribute(
        'aria-label',
        translate({id: 'theme.imageZoom.open', message: '放大图片：{alt}'}, {alt: img.alt}),
      );
      img.addEventListener('click', onActivate);
      img.addEventListener('keydown', onActivate);
    }
    // Once loaded, the zoom moves on to the new page's images.
    if (attached) void loadZoom().then(({attachZoom}) => attachZoom(images));
  },
};

export default imageZoom;
