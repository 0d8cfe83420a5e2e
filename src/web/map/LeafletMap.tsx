/**
 * The offline map itself (loaded lazily through ./OfflineMap): Leaflet with
 * the shipped region outlines, the deployment's tiles under them when one is
 * configured, markers and tracks. SVG rendering, so it draws in any browser
 * without WebGL. The map object is made once; each kind of layer is redrawn
 * when its props change, and the view fits the data when the set of things
 * shown changes (a refresh of the same markers keeps the user's pan and zoom).
 */
import { Image } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSignedInImages } from '../renderers/useSignedInImages';
import { loadBoundaries } from './boundaries';
import { endpointIcon, markerIcon, photoIcon } from './markerIcons';
import { configuredTileUrl } from './tileSource';
import { fitTargetOf, trackLatLngs } from './mapLogic';
import type { MapMarker, MapTrack, OfflineMapProps, TrackPhoto } from './types';
import './map.css';

/** Where the map looks before it has anything to fit: south-east China, where the demo regions are. */
const DEFAULT_VIEW: L.LatLngTuple = [27.5, 119.5];
const DEFAULT_ZOOM = 6;
const TRACK_COLOR = '#1677ff';

function textElement(text: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text; // never innerHTML: labels come from the registers
  return element;
}

/** The Leaflet map of a container element, made when the element mounts and removed with it (a callback ref). */
function useLeafletMap(): [L.Map | undefined, (element: HTMLDivElement | null) => void] {
  const [map, setMap] = useState<L.Map>();
  const made = useRef<L.Map>(undefined);
  const attach = useCallback((element: HTMLDivElement | null) => {
    made.current?.remove();
    // Quarter zoom steps: a fit fills the container instead of stopping a whole level short (half the size).
    made.current = element
      ? L.map(element, { center: DEFAULT_VIEW, zoom: DEFAULT_ZOOM, zoomSnap: 0.25, zoomDelta: 0.5, attributionControl: false, preferCanvas: false })
      : undefined;
    // Without tiles the scale is what tells a 300 m dam walk from a 3 km river patrol.
    if (made.current) L.control.scale({ imperial: false, position: 'bottomright' }).addTo(made.current);
    setMap(made.current);
  }, []);
  return [map, attach];
}

/**
 * Leaflet measures its container once: a map that mounts hidden (a tab) or is resized (a scaled screen re-laid out, a
 * language switch changing the panels around it) measures again, and fits its view again to the new size unless the
 * user has moved it since (a fit made at the old size cut the region's outline off).
 */
interface Fit {
  bounds: L.LatLngBounds;
  options: L.FitBoundsOptions;
}

function useResized(map: L.Map | undefined, fitted: React.RefObject<Fit | undefined>) {
  useEffect(() => {
    if (!map) return;
    const container = map.getContainer();
    let touched = false;
    const touch = () => (touched = true);
    const events = ['pointerdown', 'wheel', 'keydown'] as const;
    events.forEach((name) => container.addEventListener(name, touch, { passive: true }));
    const observer = new ResizeObserver(() => {
      map.invalidateSize();
      const size = map.getSize();
      if (!touched && fitted.current && size.x > 0 && size.y > 0) map.fitBounds(fitted.current.bounds, fitted.current.options);
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      events.forEach((name) => container.removeEventListener(name, touch));
    };
  }, [map, fitted]);
}

/** A layer group kept on the map while it lives; the drawing hooks empty and refill it. */
function useLayerGroup(map: L.Map | undefined): L.LayerGroup {
  const group = useMemo(() => L.layerGroup(), []);
  useEffect(() => {
    if (!map) return;
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, group]);
  return group;
}

/** The latest value of a callback, for Leaflet handlers bound once per redraw. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

function useTiles(map: L.Map | undefined) {
  useEffect(() => {
    if (!map) return;
    let layer: L.TileLayer | undefined;
    let live = true;
    void configuredTileUrl().then((url) => {
      if (!live || !url) return;
      layer = L.tileLayer(url, { maxZoom: 18 }).addTo(map);
      layer.bringToBack();
    });
    return () => {
      live = false;
      layer?.remove();
    };
  }, [map]);
}

function useBoundaries(map: L.Map | undefined, regionCodes: string[] | undefined, theme: 'light' | 'dark') {
  const [bounds, setBounds] = useState<L.LatLngBounds>();
  const key = (regionCodes ?? []).join(',');
  useEffect(() => {
    if (!map || !key) return;
    let layer: L.GeoJSON | undefined;
    let live = true;
    void loadBoundaries(key.split(',')).then((features) => {
      if (!live || features.length === 0) return;
      const dark = theme === 'dark';
      layer = L.geoJSON({ type: 'FeatureCollection', features } as GeoJSON.FeatureCollection, {
        style: { color: dark ? '#4fd2ff' : '#2f54eb', weight: 1.5, fillColor: dark ? '#0b3d6b' : '#adc6ff', fillOpacity: dark ? 0.35 : 0.15 },
      });
      layer.eachLayer((region) => {
        const feature = (region as L.GeoJSON).feature as GeoJSON.Feature<GeoJSON.Geometry, { code: string; name: string }>;
        region.bindTooltip(textElement(feature.properties.name), { sticky: true, className: 'offline-map-region-name' });
      });
      layer.addTo(map).bringToBack();
      // Elements exist once added: name each outline by its code (tests and styling find them).
      layer.eachLayer((region) => {
        const feature = (region as L.GeoJSON).feature as GeoJSON.Feature<GeoJSON.Geometry, { code: string }>;
        (region as L.Path).getElement()?.setAttribute('data-region-code', feature.properties.code);
      });
      setBounds(layer.getBounds());
    });
    return () => {
      live = false;
      layer?.remove();
    };
  }, [map, key, theme]);
  return bounds;
}

interface PopupTarget {
  id: string;
  element: HTMLElement;
  content: ReactNode;
}

/** Popups given as React content render through a portal into an element Leaflet shows. */
function usePopupTargets(markers: MapMarker[] | undefined): PopupTarget[] {
  return useMemo(
    () =>
      (markers ?? [])
        .filter((marker) => marker.popup !== undefined && typeof marker.popup !== 'string')
        .map((marker) => ({ id: marker.id, element: document.createElement('div'), content: marker.popup })),
    [markers],
  );
}

function useMarkers(
  map: L.Map | undefined,
  group: L.LayerGroup,
  markers: MapMarker[] | undefined,
  popups: PopupTarget[],
  onMarkerClick: ((id: string) => void) | undefined,
) {
  const clickRef = useLatest(onMarkerClick);
  useEffect(() => {
    if (!map) return;
    group.clearLayers();
    const popupOf = new Map(popups.map((popup) => [popup.id, popup.element]));
    for (const marker of markers ?? []) {
      if (!Number.isFinite(marker.lat) || !Number.isFinite(marker.lng)) continue;
      const layer = L.marker([marker.lat, marker.lng], { icon: markerIcon(marker), title: marker.label ?? '', alt: marker.label ?? marker.id });
      if (marker.label) layer.bindTooltip(textElement(marker.label), { direction: 'top', offset: [0, -8] });
      if (typeof marker.popup === 'string') layer.bindPopup(textElement(marker.popup));
      else if (popupOf.has(marker.id)) layer.bindPopup(popupOf.get(marker.id)!, { minWidth: 200 });
      layer.on('click', () => clickRef.current?.(marker.id));
      layer.addTo(group);
      layer.getElement()?.setAttribute('data-marker-id', marker.id);
    }
  }, [map, group, markers, popups, clickRef]);
}

function useTracks(
  map: L.Map | undefined,
  group: L.LayerGroup,
  tracks: MapTrack[] | undefined,
  onPhoto: (photo: TrackPhoto) => void,
  photoUrls: Record<string, string>,
) {
  const { t } = useTranslation();
  const photoRef = useLatest(onPhoto);
  useEffect(() => {
    if (!map) return;
    group.clearLayers();
    for (const track of tracks ?? []) {
      const points = trackLatLngs(track.points);
      if (points.length === 0) continue;
      const line = L.polyline(points, { color: track.color ?? TRACK_COLOR, weight: 4, opacity: 0.9 }).addTo(group);
      line.getElement()?.setAttribute('data-track-id', track.id);
      line.getElement()?.setAttribute('data-point-count', String(points.length));
      const start = L.marker(points[0], { icon: endpointIcon('start', t('map.startShort')), title: track.startLabel ?? t('map.start') });
      const end = L.marker(points[points.length - 1], {
        icon: endpointIcon('end', t('map.endShort')),
        title: track.endLabel ?? t('map.end'),
        zIndexOffset: 100,
      });
      start.bindTooltip(textElement(track.startLabel ?? t('map.start'))).addTo(group);
      end.bindTooltip(textElement(track.endLabel ?? t('map.end'))).addTo(group);
      for (const photo of track.photos ?? []) {
        if (!Number.isFinite(photo.lat) || !Number.isFinite(photo.lng)) continue;
        const title = photo.title ?? t('map.photo');
        const marker = L.marker([photo.lat, photo.lng], { icon: photoIcon(photoUrls[photo.url] ?? photo.url, title), title, zIndexOffset: 200 });
        marker.on('click', () => photoRef.current(photo));
        marker.addTo(group);
      }
    }
  }, [map, group, tracks, photoUrls, t, photoRef]);
}

/** Fits the view to what the props ask for, again only when the set of things shown changes. */
function useFit(map: L.Map | undefined, props: OfflineMapProps, regionBounds: L.LatLngBounds | undefined) {
  const target = fitTargetOf(props);
  // Regions whose outline is not shipped (or not loaded yet) fall back to the markers inside them.
  const byRegions = target === 'regions' && !!regionBounds;
  const points = useMemo(() => {
    if (target === 'tracks') return (props.tracks ?? []).flatMap((track) => trackLatLngs(track.points));
    if (byRegions) return [];
    return (props.markers ?? []).filter((m) => Number.isFinite(m.lat) && Number.isFinite(m.lng)).map((m) => L.latLng(m.lat, m.lng));
  }, [target, byRegions, props.tracks, props.markers]);
  const identity =
    target === 'tracks'
      ? (props.tracks ?? []).map((track) => `${track.id}:${track.points.length}`).join(',')
      : byRegions
        ? String(regionBounds.toBBoxString())
        : `markers:${(props.markers ?? []).map((marker) => marker.id).join(',')}`;
  const fitted = useRef<string>(undefined);
  const fittedBounds = useRef<Fit>(undefined);
  useEffect(() => {
    if (!map || fitted.current === identity) return;
    const bounds = byRegions ? regionBounds : points.length > 0 ? L.latLngBounds(points) : undefined;
    if (!bounds?.isValid()) return;
    fitted.current = identity;
    // Markers alone are not zoomed in closer than a village. Not animated: a region's outline arrives after the map
    // has loaded, and an animated zoom then interrupted (the refit on resize, another fit) left the view at the old
    // zoom with the overlay still scaled — the county outline drawn thick at province scale.
    fittedBounds.current = { bounds, options: { padding: [24, 24], maxZoom: byRegions || target === 'tracks' ? 18 : 14, animate: false } };
    // A map measured before its container was laid out (size 0) would fit to nothing: measure first.
    map.invalidateSize();
    map.fitBounds(bounds, fittedBounds.current.options);
  }, [map, identity, target, byRegions, points, regionBounds]);
  return fittedBounds;
}

export function LeafletMap(props: OfflineMapProps) {
  const { regionCodes, markers, tracks, height = 400, onMarkerClick, theme = 'light', children } = props;
  const [map, attach] = useLeafletMap();
  const markerGroup = useLayerGroup(map);
  const trackGroup = useLayerGroup(map);
  const [preview, setPreview] = useState<TrackPhoto>();
  const photoUrls = useSignedInImages(useMemo(() => (tracks ?? []).flatMap((track) => (track.photos ?? []).map((photo) => photo.url)), [tracks]));
  useTiles(map);
  const regionBounds = useBoundaries(map, regionCodes, theme);
  const popups = usePopupTargets(markers);
  useMarkers(map, markerGroup, markers, popups, onMarkerClick);
  useTracks(map, trackGroup, tracks, setPreview, photoUrls);
  useResized(map, useFit(map, props, regionBounds));
  return (
    <div className={`offline-map offline-map-${theme}`} style={{ height }} data-testid="offline-map">
      <div ref={attach} className="offline-map-canvas" />
      {children && <div className="offline-map-overlay">{children}</div>}
      {popups.map((popup) => createPortal(popup.content, popup.element, popup.id))}
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={photoUrls[preview.url] ?? preview.url}
          alt={preview.title}
          preview={{ visible: true, onVisibleChange: (visible) => !visible && setPreview(undefined) }}
        />
      )}
    </div>
  );
}

export default LeafletMap;
