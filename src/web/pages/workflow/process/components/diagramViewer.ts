/**
 * bpmn-js's NavigatedViewer (pan and zoom, no editing) with the colours of diagramColours as canvas markers. Loaded
 * only by ProcessDiagram's dynamic import: bpmn-js is large and most pages never show a diagram.
 */
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import { COLOUR_CLASS, type DiagramColour } from './diagramColours';

interface Canvas {
  zoom(level: 'fit-viewport', center?: 'auto'): number;
  addMarker(elementId: string, marker: string): void;
}

interface ElementRegistry {
  get(id: string): unknown;
}

export interface ShownDiagram {
  destroy(): void;
}

/** Draws the XML into the container, fitted, with each coloured element marked; elements the XML lacks are skipped. */
export async function showDiagram(container: HTMLElement, xml: string, colours: Map<string, DiagramColour>): Promise<ShownDiagram> {
  const viewer = new NavigatedViewer({ container });
  try {
    await viewer.importXML(xml);
    const canvas = viewer.get<Canvas>('canvas');
    const registry = viewer.get<ElementRegistry>('elementRegistry');
    canvas.zoom('fit-viewport', 'auto');
    for (const [id, colour] of colours) {
      if (registry.get(id)) canvas.addMarker(id, COLOUR_CLASS[colour]);
    }
  } catch (error) {
    viewer.destroy();
    throw error;
  }
  return { destroy: () => viewer.destroy() };
}
