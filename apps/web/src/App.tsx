import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import Layout from './components/Layout';
import Home from './pages/Home';
import NotFound from './pages/NotFound';

// The PDF tools page loads on first visit: the home page does not carry it.
const PdfPage = lazy(() => import('./features/pdfpage/PdfPage'));

export default function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Home />} />
          <Route
            path="pdf"
            element={
              <Suspense fallback={null}>
                <PdfPage />
              </Suspense>
            }
          />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
