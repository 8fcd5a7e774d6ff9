// Image zoom for doc pages. On load, each image in the content becomes a keyboard control (the attributes and the
// handlers below, a few hundred bytes); the zoom code (medium-zoom) and its styles load the first time a reader opens
// an image, so no page pays for them up front.
import type {ClientModule} from '@docusaurus/types';
import {translate} from '@docusaurus/Translate';

const IMAGES = '.theme-doc-markdown img';

type ZoomModule = typeof import('../imageZoom/zoom');
/** Set by the first open; from then on, each page's images are handed to medium-zoom as they appear. */
let zoomModule: Promise<ZoomModule> | null = null;
/** medium-zoom marks the images it handles with this class; it opens them on click by itself. */
const ATTACHED = 'medium-zoom-image';

function pageImages(): HTMLImageElement[] {
  return Array.from(document.querySelectorAll<HTMLImageElement>(IMAGES));
}

function loadZoom(): Promise<ZoomModule> {
  zoomModule ??= import('../imageZoom/zoom');
  return zoomModule;
}

/** Hands the images to medium-zoom unless it has them all already. */
function handOver({attachZoom}: ZoomModule, images: HTMLImageElement[]): void {
  if (images.some((img) => !img.classList.contains(ATTACHED))) attachZoom(images);
}

function onActivate(event: Event) {
  if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
  const image = event.currentTarget as HTMLImageElement;
  if (event.type === 'click' && image.classList.contains(ATTACHED)) return;
  event.preventDefault();
  loadZoom()
    .then((zoom) => {
      // Also covers a click that comes right after a navigation, before the new page's images were handed over.
      handOver(zoom, pageImages());
      return zoom.openZoom(image);
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
    // A failed load was reported where it happened (onActivate) and is tried again on the next open.
    zoomModule?.then((zoom) => handOver(zoom, images)).catch(() => {});
  },
};

export default imageZoom;
