/**
 * Mounts the designer's Modeler in a container and follows it: the selected element (the process when nothing
 * is selected), a revision that moves on every change (the panel re-reads the element, the toolbar re-asks
 * undo/redo) and whether the diagram changed since it was loaded or saved. When the console's language changes
 * the Modeler is created again around the same XML, so the palette speaks the new language.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DesignerModeler } from './designerModeler';
import type { DiagramElement } from './modelerTypes';

export interface DesignerState {
  containerRef: React.RefObject<HTMLDivElement>;
  designer: DesignerModeler | undefined;
  selected: DiagramElement | undefined;
  revision: number;
  isDirty: boolean;
  loadError: string | undefined;
  /** Shows another diagram (import); rejects with bpmn-js's error and keeps the shown one. */
  load(xml: string): Promise<void>;
  /** Marks the shown diagram as saved. */
  markSaved(): void;
}

/** The element the panel edits: a label stands for its element; nothing selected means the process. */
function panelElementOf(selection: DiagramElement[] | undefined, designer: DesignerModeler): DiagramElement {
  const [first] = selection ?? [];
  if (!first || (selection?.length ?? 0) > 1) return designer.process();
  return first.labelTarget ?? first;
}

export function useDesigner(initialXml: string | undefined): DesignerState {
  const { i18n } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [designer, setDesigner] = useState<DesignerModeler>();
  const [selected, setSelected] = useState<DiagramElement>();
  const [revision, setRevision] = useState(0);
  const [savedRevision, setSavedRevision] = useState(0);
  const [loadError, setLoadError] = useState<string>();
  // The XML to show when the Modeler is (re)created: the initial one, then whatever was last shown.
  const xmlRef = useRef<string | undefined>(undefined);
  const currentRef = useRef<DesignerModeler | undefined>(undefined);

  useEffect(() => {
    const container = containerRef.current;
    const xml = xmlRef.current ?? initialXml;
    if (!container || xml === undefined) return;
    xmlRef.current = xml;
    let isCurrent = true;
    let created: DesignerModeler | undefined;
    const unsubscribe: Array<() => void> = [];
    void (async () => {
      created = await DesignerModeler.create(container);
      if (!isCurrent) return created.destroy();
      try {
        await created.load(xml);
        setLoadError(undefined);
      } catch (error) {
        setLoadError(error instanceof Error ? error.message : String(error));
      }
      const modeler = created;
      unsubscribe.push(modeler.on('selection.changed', (event) => setSelected(panelElementOf(event.newSelection, modeler))));
      unsubscribe.push(
        modeler.on('commandStack.changed', () => {
          setRevision((value) => value + 1);
          // Kept current for the Modeler created next (language switch): a destroyed one cannot be asked.
          void modeler.xml().then((shown) => (xmlRef.current = shown));
        }),
      );
      currentRef.current = modeler;
      setSelected(modeler.process());
      setDesigner(modeler);
    })();
    return () => {
      isCurrent = false;
      unsubscribe.forEach((off) => off());
      const modeler = currentRef.current;
      currentRef.current = undefined;
      // Nothing may act on a destroyed Modeler while the next one is made.
      setDesigner(undefined);
      modeler?.destroy();
    };
    // A new Modeler per language; initialXml only matters until the first one is made (then xmlRef holds the shown XML).
  }, [i18n.language, initialXml]);

  const load = useCallback(
    async (xml: string) => {
      if (!designer) return;
      const previous = await designer.xml();
      try {
        await designer.load(xml);
      } catch (error) {
        await designer.load(previous);
        throw error;
      }
      xmlRef.current = xml;
      setSelected(designer.process());
      setRevision((value) => value + 1);
    },
    [designer],
  );

  const markSaved = useCallback(() => setSavedRevision(revision), [revision]);

  return { containerRef, designer, selected, revision, isDirty: revision !== savedRevision, loadError, load, markSaved };
}
