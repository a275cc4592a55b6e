import { Outlet } from 'react-router';
import Feedback from './Feedback';
import Footer from './Footer';
import Header from './Header';
import styles from './Layout.module.css';

export default function Layout() {
  return (
    <>
      <Header />
      <main className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <Feedback />
    </>
  );
}
